/**
 * The part of `@binance/connector` (plain JavaScript, no types of its own) the compatibility
 * tests call: its `Spot` REST client answers with axios responses; its WebSocket clients answer
 * through `callbacks.message` with each frame's text.
 */
declare module '@binance/connector' {
  interface Response {
    status: number;
    data: unknown;
  }
  type Params = Record<string, string | number | boolean>;
  export class Spot {
    constructor(apiKey?: string, apiSecret?: string, options?: { baseURL?: string });
    publicRequest(method: string, path: string, params?: Params): Promise<Response>;
    signRequest(method: string, path: string, params?: Params): Promise<Response>;
    account(options?: Params): Promise<Response>;
    newOrder(symbol: string, side: string, type: string, options?: Params): Promise<Response>;
    getOrder(symbol: string, options?: Params): Promise<Response>;
    openOrders(options?: Params): Promise<Response>;
    cancelOrder(symbol: string, options?: Params): Promise<Response>;
    cancelOpenOrders(symbol: string, options?: Params): Promise<Response>;
    newOCOOrder(
      symbol: string,
      side: string,
      quantity: string,
      aboveType: string,
      belowType: string,
      options?: Params,
    ): Promise<Response>;
    createListenKey(): Promise<Response>;
    renewListenKey(listenKey: string): Promise<Response>;
    closeListenKey(listenKey: string): Promise<Response>;
    coinInfo(options?: Params): Promise<Response>;
    accountStatus(options?: Params): Promise<Response>;
    tradeFee(options?: Params): Promise<Response>;
    depositAddress(coin: string, options?: Params): Promise<Response>;
    depositHistory(options?: Params): Promise<Response>;
    withdrawHistory(options?: Params): Promise<Response>;
    avgPrice(symbol: string): Promise<Response>;
    uiklines(symbol: string, interval: string, options?: Params): Promise<Response>;
    historicalTrades(symbol: string, options?: Params): Promise<Response>;
  }

  interface WsOptions {
    wsURL?: string;
    logger?: Console;
    callbacks?: { open?: () => void; message?: (text: string) => void };
  }
  export class WebsocketStream {
    constructor(options?: WsOptions);
    userData(listenKey: string): void;
    diffBookDepth(symbol: string, speed: string): void;
    disconnect(): void;
  }
  type WsParams = Params & { id?: string };
  export class WebsocketAPI {
    constructor(apiKey?: string, apiSecret?: string, options?: WsOptions);
    sendMessage(method: string, options?: WsParams): void;
    sendSignatureMessage(method: string, options?: WsParams): void;
    newOrder(symbol: string, side: string, type: string, options?: WsParams): void;
    getOrder(symbol: string, options?: WsParams): void;
    openOrders(symbol: string, options?: WsParams): void;
    cancelOrder(symbol: string, options?: WsParams): void;
    account(options?: WsParams): void;
    startUserDataStream(): void;
    pingUserDataStream(listenKey: string): void;
    stopUserDataStream(listenKey: string): void;
    avgPrice(symbol: string): void;
    uiKlines(symbol: string, interval: string, options?: WsParams): void;
    historicalTrades(symbol: string, options?: WsParams): void;
    disconnect(): void;
  }
}
