export { randomAccount } from './accounts.js';
export { startLocalChain, type LocalChain, type TxRequest } from './local-chain.js';
export {
  compileTestToken,
  deployTestToken,
  placeTestToken,
  sendToken,
  setTokenBalance,
  tokenBalance,
} from './test-token.js';
