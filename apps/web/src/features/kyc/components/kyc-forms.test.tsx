import {
  KYC_MESSAGES as M,
  UPLOAD_MESSAGES,
  verhoeffCheckDigit,
  type VerificationRequestStatus,
} from '@exchange/contracts';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { AadhaarStep } from './aadhaar-step';
import { KycStatusCard } from './kyc-status-card';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('AadhaarStep', () => {
  it('checks the number and both images before anything is uploaded', async () => {
    const onDone = vi.fn();
    const { user } = renderWithApp(<AadhaarStep initial={undefined} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.aadhaarLength)).toBeInTheDocument();
    expect(screen.getByText(M.aadhaarImages)).toBeInTheDocument();

    const body = '23456789012';
    const wrongCheck = (verhoeffCheckDigit(body) + 1) % 10;
    await user.type(screen.getByLabelText('Aadhaar Number'), `${body}${wrongCheck}`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.aadhaarInvalid)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a JPEG, PNG or WebP by its bytes, and previews an image', async () => {
    const { user } = renderWithApp(<AadhaarStep initial={undefined} onDone={vi.fn()} />);
    const fake = new File(['GIF89a not really'], 'front.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Aadhaar Front'), fake);
    expect(await screen.findByText(UPLOAD_MESSAGES.imageType)).toBeInTheDocument();

    const real = new File([new Uint8Array(PNG_HEAD)], 'back.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Aadhaar Back'), real);
    expect(await screen.findByRole('img', { name: 'Aadhaar Back preview' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Aadhaar Back' }));
    expect(screen.queryByRole('img', { name: 'Aadhaar Back preview' })).not.toBeInTheDocument();
    // The × went with the image: focus is on the input that picks another, not the body.
    expect(screen.getByLabelText('Aadhaar Back')).toHaveFocus();
  });

  it('refuses the same photo picked for the front and the back, before uploading', async () => {
    const onDone = vi.fn();
    const { user } = renderWithApp(<AadhaarStep initial={undefined} onDone={onDone} />);
    const body = '23456789012';
    await user.type(screen.getByLabelText('Aadhaar Number'), `${body}${verhoeffCheckDigit(body)}`);
    const photo = () => new File([new Uint8Array(PNG_HEAD)], 'card.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Aadhaar Front'), photo());
    await user.upload(screen.getByLabelText('Aadhaar Back'), photo());
    await screen.findByRole('img', { name: 'Aadhaar Back preview' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.aadhaarImagesDistinct)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('KycStatusCard (decision D4)', () => {
  const show = (status: VerificationRequestStatus, reason: string | null = null) => {
    cleanup();
    renderWithApp(<KycStatusCard status={status} rejectionReason={reason} />);
  };

  it('shows one card per status', () => {
    show('none');
    expect(screen.getByText('Standard Identity Verification')).toBeInTheDocument();
    expect(
      screen.getByText('Complete to unlock deposit and trading permissions'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Verification' })).toHaveAttribute(
      'href',
      '/kyc-verification',
    );
    show('pending_identity');
    expect(screen.getByText('Verification Under Review')).toBeInTheDocument();
    expect(screen.queryByText('Identity Verified')).not.toBeInTheDocument();
    show('rejected', 'PAN image unreadable');
    expect(screen.getByText('PAN image unreadable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Verification' })).toBeInTheDocument();
    show('approved');
    expect(screen.getByText('Identity Verified')).toBeInTheDocument();
    expect(screen.getByText('Your identity has been successfully verified')).toBeInTheDocument();
  });
});
