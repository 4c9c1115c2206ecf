import {
  WITHDRAWAL_CONTROL_MESSAGES as M,
  type NewWithdrawAddress,
  type Network,
  type StepUp,
  type WithdrawAddressBook,
  type WithdrawAddressDto,
} from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { startCoolingOff } from '../cooling-off/service.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { findUserById, updateUser } from '../users/service.js';
import {
  deleteSavedAddress,
  findSavedAddress,
  insertSavedAddress,
  savedAddressesOf,
  type SavedAddress,
} from './repository.js';
import { unlistedAddressRefusal, usableAt } from './whitelist-rule.js';

const toDto = (a: SavedAddress): WithdrawAddressDto => ({
  _id: a.id,
  label: a.label,
  network: a.network,
  address: a.address,
  created_at: a.createdAt.toISOString(),
  usable_at: usableAt(a).toISOString(),
});

/** The user's address book and whether the whitelist is on. */
export async function addressBook(ctx: AppContext, userId: string): Promise<WithdrawAddressBook> {
  const [user, saved] = await Promise.all([
    findUserById(ctx.db, userId),
    savedAddressesOf(ctx.db, userId),
  ]);
  return { whitelist: user?.withdrawalWhitelist ?? false, addresses: saved.map(toDto) };
}

/**
 * Saves an address, stepped up by the second factor (a stolen session alone cannot add one); the
 * owner is told by mail. While the whitelist is on it is usable NEW_ADDRESS_LOCK_HOURS later.
 */
export async function saveAddress(
  ctx: AppContext,
  userId: string,
  body: NewWithdrawAddress,
  from: RequestOrigin,
): Promise<WithdrawAddressDto> {
  const address = body.address.toLowerCase();
  if (await findSavedAddress(ctx.db, userId, body.network, address))
    throw new AppError('CONFLICT', M.addressSaved, { errors: { address: M.addressSaved } });
  await requireSecondFactor(ctx, userId, body);
  const entry: SavedAddress = {
    id: randomUUID(),
    userId,
    label: body.label,
    network: body.network,
    address,
    createdAt: ctx.now(),
  };
  if (!(await insertSavedAddress(ctx.db, entry)))
    throw new AppError('CONFLICT', M.addressSaved, { errors: { address: M.addressSaved } });
  notifySecurityEvent(
    ctx,
    userId,
    { type: 'withdraw_address_added', label: entry.label, network: entry.network, address },
    from,
  );
  return toDto(entry);
}

/** Removes a saved address, stepped up by the second factor. */
export async function removeAddress(
  ctx: AppContext,
  userId: string,
  id: string,
  proof: StepUp,
): Promise<void> {
  const saved = await savedAddressesOf(ctx.db, userId);
  if (!saved.some((a) => a.id === id)) throw new AppError('NOT_FOUND', M.addressNotFound);
  await requireSecondFactor(ctx, userId, proof);
  await deleteSavedAddress(ctx.db, userId, id);
}

/**
 * Turns the whitelist on or off, stepped up by the second factor; the owner is told by mail.
 * Turning it off starts the cooling-off period (review N4-M2), as a second factor's change does:
 * whoever holds one code cannot drop the whitelist and withdraw to a new address at once.
 */
export async function setWhitelist(
  ctx: AppContext,
  userId: string,
  enabled: boolean,
  proof: StepUp,
  from: RequestOrigin,
): Promise<void> {
  await requireSecondFactor(ctx, userId, proof);
  const heldUntil = await ctx.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    await updateUser(trx, userId, { withdrawalWhitelist: enabled }, ctx.now());
    return !enabled && user?.withdrawalWhitelist ? startCoolingOff(ctx, userId, trx) : null;
  });
  const event = {
    type: 'withdraw_whitelist_changed' as const,
    enabled,
    ...(heldUntil ? { heldUntil } : {}),
  };
  notifySecurityEvent(ctx, userId, event, from);
}

/**
 * While the user's whitelist is on, a withdrawal goes only to a saved address of its network,
 * saved at least NEW_ADDRESS_LOCK_HOURS ago; refused otherwise with what to do.
 */
export async function refuseUnlistedAddress(
  ctx: AppContext,
  userId: string,
  network: Network,
  address: string,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user?.withdrawalWhitelist) return;
  const saved = await findSavedAddress(ctx.db, userId, network, address);
  const refusal = unlistedAddressRefusal(true, saved, ctx.now());
  if (refusal) throw new AppError('FORBIDDEN', refusal, { errors: { address: refusal } });
}
