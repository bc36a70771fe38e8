import { http, MethodNotSupportedRpcError, type Transport } from 'viem';

/**
 * Methods viem may try that the app's JSON-RPC proxy (reads + eth_sendRawTransaction only) refuses.
 * viem's prepareTransactionRequest tries `eth_fillTransaction` first; the proxy answers HTTP 403,
 * which viem retries four times before falling back — so it is refused here, in the browser, with
 * the JSON-RPC "method not supported" error viem understands (it then stops asking).
 */
const NOT_PROXIED = new Set(['eth_fillTransaction']);

/** viem's http transport to the app's proxy, minus the methods the proxy refuses. */
export function rpcProxyTransport(url: string): Transport {
  const inner = http(url);
  return (params) => {
    const transport = inner(params);
    const request: typeof transport.request = async (args, options) => {
      if (NOT_PROXIED.has(args.method)) {
        throw new MethodNotSupportedRpcError(new Error(`${args.method} is not offered by the app's RPC proxy`), {
          method: args.method,
        });
      }
      return transport.request(args, options);
    };
    return { ...transport, request };
  };
}
