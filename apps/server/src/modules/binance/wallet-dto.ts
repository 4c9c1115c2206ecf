import type {
  DepositRecordDto,
  DepositStatus,
  WithdrawalRecordDto,
  WithdrawalStatus,
} from '@exchange/contracts';
import { formatAmount, LEDGER_DECIMALS } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';

/**
 * Binance's wallet API (`/sapi/v1/capital/...`) in its shapes, from our records: network codes
 * as Binance names those networks (ccxt maps them to its own: ETH → ERC20, BSC → BEP20, MATIC),
 * statuses as its numbers, times in milliseconds.
 */
const NETWORK_CODES: Readonly<Record<string, string>> = {
  ethereum: 'ETH',
  bsc: 'BSC',
  polygon: 'MATIC',
  bank: 'BANK',
};
export const networkCode = (network: string) => NETWORK_CODES[network] ?? network.toUpperCase();
/** Our network named by Binance's code (`ETH`), or undefined. */
export const networkOfCode = (code: string) =>
  Object.keys(NETWORK_CODES).find((network) => NETWORK_CODES[network] === code.toUpperCase());

/** Deposit statuses: 0 pending, 1 success, 2 rejected. */
const DEPOSIT_STATUS: Readonly<Record<DepositStatus, number>> = {
  pending: 0,
  confirmed: 1,
  rejected: 2,
};

/** Withdrawal statuses: 0 email sent, 1 cancelled, 2 awaiting approval, 3 rejected, 4 processing, 6 completed. */
const WITHDRAWAL_STATUS: Readonly<Record<WithdrawalStatus, number>> = {
  awaiting_email_confirmation: 0,
  cancelled: 1,
  pending: 2,
  awaiting_signature: 4,
  rejected: 3,
  processing: 4,
  approved: 6,
};

/** Binance's `applyTime`: "YYYY-MM-DD HH:mm:ss" in UTC. */
const applyTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

export function toBinanceDeposit(d: DepositRecordDto, address: string | null) {
  return {
    id: d._id,
    amount: d.amount,
    coin: d.token.symbol,
    network: networkCode(d.network),
    status: DEPOSIT_STATUS[d.status],
    address: address ?? '',
    addressTag: '',
    txId: d.tx_hash ?? '',
    insertTime: Date.parse(d.created_at),
    transferType: 0,
    confirmTimes: '',
    unlockConfirm: 0,
    walletType: 0,
  };
}

export function toBinanceWithdrawal(w: WithdrawalRecordDto) {
  return {
    id: w._id,
    amount: w.amount,
    transactionFee: w.fee,
    coin: w.token.symbol,
    status: WITHDRAWAL_STATUS[w.status],
    address: w.address,
    txId: w.tx_hash ?? '',
    applyTime: applyTime(w.created_at),
    network: networkCode(w.network),
    transferType: 0,
    info: w.reason ?? '',
    confirmNo: 0,
    walletType: 0,
    txKey: '',
    completeTime: w.status === 'approved' ? applyTime(w.updated_at) : undefined,
  };
}

/** `capital/config/getall`: a coin, the user's balance of it, and its networks' terms. */
export function toCoinConfig(
  token: Token,
  balance: { free: bigint; locked: bigint },
  confirmations: (network: string) => number,
) {
  const networks = token.networks.map((n, i) => ({
    network: networkCode(n.network),
    coin: token.shortName,
    name: n.network,
    isDefault: i === 0,
    depositEnable: true,
    withdrawEnable: true,
    withdrawFee: formatAmount(n.withdrawFee ?? 0n),
    withdrawMin: formatAmount(n.withdrawMin ?? 0n),
    withdrawMax: '9999999999',
    withdrawIntegerMultiple: formatAmount(
      10n ** BigInt(LEDGER_DECIMALS - Math.min(LEDGER_DECIMALS, n.decimals)),
    ),
    minConfirm: confirmations(n.network),
    unLockConfirm: 0,
    addressRegex: '^(0x)[0-9A-Fa-f]{40}$',
    memoRegex: '',
    specialTips: '',
    depositDesc: '',
    withdrawDesc: '',
    busy: false,
    sameAddress: false,
    resetAddressStatus: false,
  }));
  return {
    coin: token.shortName,
    name: token.name,
    free: formatAmount(balance.free),
    locked: formatAmount(balance.locked),
    freeze: '0',
    withdrawing: '0',
    ipoing: '0',
    ipoable: '0',
    storage: '0',
    isLegalMoney: networks.length === 0,
    trading: true,
    depositAllEnable: networks.length > 0,
    withdrawAllEnable: networks.length > 0,
    networkList: networks,
  };
}
