/**
 * The "Local test wallet" connector: on the embedded anvil chain only, a wallet whose
 * private key is generated in this browser and kept in localStorage, so the whole on-chain flow
 * works without a browser extension. It signs locally with a viem account and sends raw
 * transactions through the app's JSON-RPC proxy (which accepts reads and eth_sendRawTransaction
 * only). It is funded by POST /api/chain/faucet after connecting (see `lib/wallet/request-faucet`).
 * Never offered on a real network: the key sits in plain localStorage.
 */
import {
  type Address,
  type Chain,
  createWalletClient,
  type EIP1193Parameters,
  type Hex,
  hexToBigInt,
  numberToHex,
  SwitchChainError,
  type WalletClient,
  type WalletRpcSchema,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createConnector } from 'wagmi';
import { rpcProxyTransport } from './rpc-proxy-transport';

/** Connector id (and type) of the local test wallet. */
export const LOCAL_TEST_WALLET_ID = 'localTestWallet';
const KEY_STORAGE = 'neural-avatars.local-test-wallet.key';
const CONNECTED_STORAGE = 'neural-avatars.local-test-wallet.connected';

/** The browser's test key: created on first use, then reused so the linked address stays the same. */
function loadAccount(): PrivateKeyAccount {
  let key = localStorage.getItem(KEY_STORAGE);
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    key = generatePrivateKey();
    localStorage.setItem(KEY_STORAGE, key);
  }
  return privateKeyToAccount(key as Hex);
}

/** An `eth_sendTransaction` request as dapps send it (quantities hex-encoded). */
interface RpcTransaction {
  to?: Address;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
}

/** A minimal EIP-1193 provider over the local account, for code that asks for one. */
export interface LocalTestWalletProvider {
  request(args: EIP1193Parameters<WalletRpcSchema> | { method: string; params?: unknown }): Promise<unknown>;
}

/**
 * Creates the connector. `rpcUrl` is the absolute URL of the app's JSON-RPC proxy.
 */
export function localTestWallet({ rpcUrl }: { rpcUrl: string }) {
  let account: PrivateKeyAccount | undefined;
  const getAccount = () => {
    account ??= loadAccount();
    return account;
  };

  return createConnector<LocalTestWalletProvider>((config) => {
    const chainOf = (chainId?: number): Chain => config.chains.find((c) => c.id === chainId) ?? config.chains[0];
    const clientFor = (chainId?: number): WalletClient =>
      createWalletClient({ account: getAccount(), chain: chainOf(chainId), transport: rpcProxyTransport(rpcUrl) });

    const provider: LocalTestWalletProvider = {
      async request({ method, params }) {
        const client = clientFor();
        const p = (params ?? []) as unknown[];
        switch (method) {
          case 'eth_accounts':
          case 'eth_requestAccounts':
            return [getAccount().address];
          case 'eth_chainId':
            return numberToHex(chainOf().id);
          case 'personal_sign':
            return getAccount().signMessage({ message: { raw: p[0] as Hex } });
          case 'eth_signTypedData_v4':
            return getAccount().signTypedData(JSON.parse(p[1] as string));
          case 'eth_sendTransaction': {
            const tx = p[0] as RpcTransaction;
            return client.sendTransaction({
              account: getAccount(),
              chain: chainOf(),
              to: tx.to,
              data: tx.data,
              value: tx.value ? hexToBigInt(tx.value) : undefined,
              gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
            });
          }
          case 'wallet_switchEthereumChain': {
            const wanted = Number((p[0] as { chainId: Hex }).chainId);
            if (wanted !== chainOf().id) throw new SwitchChainError(new Error(`Chain ${wanted} is not configured`));
            return null;
          }
          default:
            return client.request({ method, params } as never);
        }
      },
    };

    return {
      id: LOCAL_TEST_WALLET_ID,
      name: 'Local test wallet',
      type: LOCAL_TEST_WALLET_ID,
      async connect({ withCapabilities } = {}) {
        const address = getAccount().address;
        localStorage.setItem(CONNECTED_STORAGE, '1');
        const accounts = withCapabilities ? [{ address, capabilities: {} }] : [address];
        // biome-ignore lint/suspicious/noExplicitAny: wagmi's conditional return type cannot be narrowed here
        return { accounts: accounts as any, chainId: chainOf().id };
      },
      async disconnect() {
        localStorage.removeItem(CONNECTED_STORAGE);
      },
      async getAccounts() {
        return [getAccount().address];
      },
      async getChainId() {
        return chainOf().id;
      },
      async getProvider() {
        return provider;
      },
      // Wagmi actions (signMessage, writeContract, …) use this client: a local account signs in the
      // browser and viem sends eth_sendRawTransaction, the only write the proxy lets through.
      async getClient({ chainId } = {}) {
        return clientFor(chainId);
      },
      async isAuthorized() {
        return localStorage.getItem(CONNECTED_STORAGE) === '1';
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId);
        if (!chain) throw new SwitchChainError(new Error(`Chain ${chainId} is not configured`));
        return chain;
      },
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {
        config.emitter.emit('disconnect');
      },
    };
  });
}
