/**
 * A throw-away anvil chain with freshly deployed contracts, for server tests that touch the chain.
 */
import { ANVIL_ACCOUNT0_KEY, startAnvil } from '../../src/providers/chain/anvil';
import { ChainService } from '../../src/providers/chain/chain-service';
import { type ChainRuntime, deployAll } from '../../src/providers/chain/index';
import { installMulticall3 } from '../../src/providers/chain/multicall3';

export async function startTestChain(): Promise<ChainRuntime> {
  const node = await startAnvil();
  try {
    await installMulticall3(node.rpcUrl);
    const addresses = await deployAll(node.rpcUrl, ANVIL_ACCOUNT0_KEY, 'http://localhost/api/nft/metadata/');
    const service = new ChainService({ kind: 'anvil', rpcUrl: node.rpcUrl, privateKey: ANVIL_ACCOUNT0_KEY }, addresses);
    return { service, rpcUrl: node.rpcUrl, close: () => node.stop() };
  } catch (err) {
    await node.stop();
    throw err;
  }
}
