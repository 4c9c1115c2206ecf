/**
 * The OpenAPI security requirement of a route that accepts a signed API-key request: the three
 * headers together (plugins/docs.ts describes the scheme).
 */
export const API_KEY_SECURITY = { apiKey: [], apiTimestamp: [], apiSignature: [] };
