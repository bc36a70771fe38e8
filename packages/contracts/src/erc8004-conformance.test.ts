/**
 * ERC-8004 conformance: drives the deployed registries on a real anvil only through
 * the ERC's own interface, written here from the standard's signatures (parseAbi), never through our
 * generated ABIs: register, set the agent wallet with an EIP-712 signature, a transfer clears it, give and
 * revoke feedback (the owner is refused), request and answer validation, and read the summaries.
 */
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  parseEventLogs,
  type Transport,
  toBytes,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_DEV_PRIVATE_KEYS, type AnvilInstance, startAnvil } from './anvil';
import { type DeployedContracts, deployContracts } from './deploy';

/** The ERC-8004 Identity Registry interface (plus the ERC-721 calls it inherits). */
const identityAbi = parseAbi([
  'struct MetadataEntry { string metadataKey; bytes metadataValue; }',
  'function register(string agentURI, MetadataEntry[] metadata) returns (uint256 agentId)',
  'function register(string agentURI) returns (uint256 agentId)',
  'function register() returns (uint256 agentId)',
  'function setAgentURI(uint256 agentId, string newURI)',
  'function getMetadata(uint256 agentId, string metadataKey) view returns (bytes)',
  'function setMetadata(uint256 agentId, string metadataKey, bytes metadataValue)',
  'function setAgentWallet(uint256 agentId, address newWallet, uint256 deadline, bytes signature)',
  'function getAgentWallet(uint256 agentId) view returns (address)',
  'function unsetAgentWallet(uint256 agentId)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
  'event Registered(uint256 indexed agentId, string agentURI, address indexed owner)',
  'event URIUpdated(uint256 indexed agentId, string newURI, address indexed updatedBy)',
  'event MetadataSet(uint256 indexed agentId, string indexed indexedMetadataKey, string metadataKey, bytes metadataValue)',
]);

const reputationAbi = parseAbi([
  'function getIdentityRegistry() view returns (address)',
  'function giveFeedback(uint256 agentId, int128 value, uint8 valueDecimals, string tag1, string tag2, string endpoint, string feedbackURI, bytes32 feedbackHash)',
  'function revokeFeedback(uint256 agentId, uint64 feedbackIndex)',
  'function appendResponse(uint256 agentId, address clientAddress, uint64 feedbackIndex, string responseURI, bytes32 responseHash)',
  'function getSummary(uint256 agentId, address[] clientAddresses, string tag1, string tag2) view returns (uint64 count, int128 summaryValue, uint8 summaryValueDecimals)',
  'function readFeedback(uint256 agentId, address clientAddress, uint64 feedbackIndex) view returns (int128 value, uint8 valueDecimals, string tag1, string tag2, bool isRevoked)',
  'function getClients(uint256 agentId) view returns (address[])',
  'function getLastIndex(uint256 agentId, address clientAddress) view returns (uint64)',
  'event NewFeedback(uint256 indexed agentId, address indexed clientAddress, uint64 feedbackIndex, int128 value, uint8 valueDecimals, string indexed indexedTag1, string tag1, string tag2, string endpoint, string feedbackURI, bytes32 feedbackHash)',
]);

const validationAbi = parseAbi([
  'function getIdentityRegistry() view returns (address)',
  'function validationRequest(address validatorAddress, uint256 agentId, string requestURI, bytes32 requestHash)',
  'function validationResponse(bytes32 requestHash, uint8 response, string responseURI, bytes32 responseHash, string tag)',
  'function getValidationStatus(bytes32 requestHash) view returns (address validatorAddress, uint256 agentId, uint8 response, bytes32 responseHash, string tag, uint256 lastUpdate)',
  'function getSummary(uint256 agentId, address[] validatorAddresses, string tag) view returns (uint64 count, uint8 averageResponse)',
  'function getAgentValidations(uint256 agentId) view returns (bytes32[])',
  'function getValidatorRequests(address validatorAddress) view returns (bytes32[])',
]);

const keys = ANVIL_DEV_PRIVATE_KEYS as readonly Hex[];
const deployer = privateKeyToAccount(keys[0]!);
const agentOwner = privateKeyToAccount(generatePrivateKey());
const agentWallet = privateKeyToAccount(generatePrivateKey());
const client = privateKeyToAccount(generatePrivateKey());
const validator = privateKeyToAccount(generatePrivateKey());
const newOwner = privateKeyToAccount(generatePrivateKey());

let anvil: AnvilInstance;
let publicClient: PublicClient;
let wallet: (account: Account) => WalletClient<Transport, Chain, Account>;
let d: DeployedContracts;

beforeAll(async () => {
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
  wallet = (account) => createWalletClient({ account, chain: foundry, transport });
  for (const account of [agentOwner, client, validator, newOwner]) {
    await publicClient.request({
      method: 'anvil_setBalance' as never,
      params: [account.address, '0x8ac7230489e80000'] as never, // 10 ETH for gas
    });
  }
  d = await deployContracts({
    walletClient: wallet(deployer),
    publicClient,
    admin: deployer.address,
    minter: deployer.address,
    verifier: deployer.address,
    feeRecipient: deployer.address,
  });
});

afterAll(async () => {
  await anvil?.stop();
});

/** Sends a write from `account` and returns its receipt; throws when it reverts. */
async function send(
  account: Account,
  request: { address: Address; abi: readonly unknown[]; functionName: string; args: readonly unknown[] },
) {
  const { request: simulated } = await publicClient.simulateContract({ ...request, account } as never);
  const hash = await wallet(account).writeContract(simulated as never);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

describe('ERC-8004 registries through the standard ABI (viem, real anvil)', () => {
  let agentId: bigint;

  it('registers an agent with metadata; its wallet starts as the owner', async () => {
    const identity = { address: d.avatarNFT, abi: identityAbi } as const;
    const receipt = await send(agentOwner, {
      ...identity,
      functionName: 'register',
      args: ['https://agent.example/registration.json', [{ metadataKey: 'skills', metadataValue: '0x01' }]],
    } as never);
    const [registered] = parseEventLogs({ abi: identityAbi, logs: receipt.logs, eventName: 'Registered' });
    agentId = registered!.args.agentId;
    expect(registered!.args.owner).toBe(agentOwner.address);
    expect(await publicClient.readContract({ ...identity, functionName: 'tokenURI', args: [agentId] })).toBe(
      'https://agent.example/registration.json',
    );
    expect(
      await publicClient.readContract({ ...identity, functionName: 'getMetadata', args: [agentId, 'skills'] }),
    ).toBe('0x01');
    expect(await publicClient.readContract({ ...identity, functionName: 'getAgentWallet', args: [agentId] })).toBe(
      agentOwner.address,
    );
    // register() without URI: an empty tokenURI, never a dead link.
    const bare = await send(agentOwner, { ...identity, functionName: 'register', args: [] } as never);
    const [bareEvent] = parseEventLogs({ abi: identityAbi, logs: bare.logs, eventName: 'Registered' });
    expect(
      await publicClient.readContract({ ...identity, functionName: 'tokenURI', args: [bareEvent!.args.agentId] }),
    ).toBe('');
  });

  it('sets the agent wallet with the wallet’s EIP-712 signature; a transfer clears it', async () => {
    const identity = { address: d.avatarNFT, abi: identityAbi } as const;
    const [, name, version, chainId, verifyingContract] = await publicClient.readContract({
      ...identity,
      functionName: 'eip712Domain',
    });
    const block = await publicClient.getBlock();
    const deadline = block.timestamp + 120n;
    const signature = await wallet(agentWallet).signTypedData({
      domain: { name, version, chainId, verifyingContract },
      types: {
        AgentWalletSet: [
          { name: 'agentId', type: 'uint256' },
          { name: 'newWallet', type: 'address' },
          { name: 'owner', type: 'address' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'AgentWalletSet',
      message: { agentId, newWallet: agentWallet.address, owner: agentOwner.address, deadline },
    });
    await send(agentOwner, {
      ...identity,
      functionName: 'setAgentWallet',
      args: [agentId, agentWallet.address, deadline, signature],
    } as never);
    expect(await publicClient.readContract({ ...identity, functionName: 'getAgentWallet', args: [agentId] })).toBe(
      agentWallet.address,
    );
    // The reserved key cannot be written as plain metadata.
    await expect(
      publicClient.simulateContract({
        ...identity,
        account: agentOwner,
        functionName: 'setMetadata',
        args: [agentId, 'agentWallet', client.address],
      }),
    ).rejects.toThrow();
    const moved = await send(agentOwner, {
      ...identity,
      functionName: 'transferFrom',
      args: [agentOwner.address, newOwner.address, agentId],
    } as never);
    const cleared = parseEventLogs({ abi: identityAbi, logs: moved.logs, eventName: 'MetadataSet' });
    expect(cleared.map((e) => [e.args.metadataKey, e.args.metadataValue])).toEqual([['agentWallet', '0x']]);
    expect(await publicClient.readContract({ ...identity, functionName: 'getAgentWallet', args: [agentId] })).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    const updated = await send(newOwner, {
      ...identity,
      functionName: 'setAgentURI',
      args: [agentId, 'https://agent.example/v2.json'],
    } as never);
    expect(parseEventLogs({ abi: identityAbi, logs: updated.logs, eventName: 'URIUpdated' })).toHaveLength(1);
  });

  it('takes feedback from a client, refuses the owner, revokes, and summarises', async () => {
    const reputation = { address: d.reputationRegistry, abi: reputationAbi } as const;
    expect(await publicClient.readContract({ ...reputation, functionName: 'getIdentityRegistry' })).toBe(d.avatarNFT);
    const give = (account: Account, value: bigint) =>
      send(account, {
        ...reputation,
        functionName: 'giveFeedback',
        args: [agentId, value, 0, 'starred', 'chat', 'https://agent.example', '', keccak256(toBytes('f'))],
      } as never);
    await expect(
      publicClient.simulateContract({
        ...reputation,
        account: newOwner,
        functionName: 'giveFeedback',
        args: [agentId, 100n, 0, 'starred', '', '', '', keccak256(toBytes('self'))],
      }),
    ).rejects.toThrow();
    const receipt = await give(client, 80n);
    expect(
      parseEventLogs({ abi: reputationAbi, logs: receipt.logs, eventName: 'NewFeedback' })[0]!.args.feedbackIndex,
    ).toBe(1n);
    await give(client, 60n);
    const clients = [client.address] as Address[];
    expect(await publicClient.readContract({ ...reputation, functionName: 'getClients', args: [agentId] })).toEqual(
      clients,
    );
    expect(
      await publicClient.readContract({ ...reputation, functionName: 'getLastIndex', args: [agentId, client.address] }),
    ).toBe(2n);
    expect(
      await publicClient.readContract({
        ...reputation,
        functionName: 'getSummary',
        args: [agentId, clients, 'starred', ''],
      }),
    ).toEqual([2n, 70n, 0]);
    await send(client, { ...reputation, functionName: 'revokeFeedback', args: [agentId, 1n] } as never);
    const [, , , , revoked] = await publicClient.readContract({
      ...reputation,
      functionName: 'readFeedback',
      args: [agentId, client.address, 1n],
    });
    expect(revoked).toBe(true);
    expect(
      await publicClient.readContract({ ...reputation, functionName: 'getSummary', args: [agentId, clients, '', ''] }),
    ).toEqual([1n, 60n, 0]);
    await send(newOwner, {
      ...reputation,
      functionName: 'appendResponse',
      args: [agentId, client.address, 2n, 'https://agent.example/reply', keccak256(toBytes('r'))],
    } as never);
  });

  it('requests validation as the owner and answers it as the named validator', async () => {
    const validation = { address: d.validationRegistry, abi: validationAbi } as const;
    expect(await publicClient.readContract({ ...validation, functionName: 'getIdentityRegistry' })).toBe(d.avatarNFT);
    const requestHash = keccak256(toBytes('{"job":"audit"}'));
    await send(newOwner, {
      ...validation,
      functionName: 'validationRequest',
      args: [validator.address, agentId, 'https://agent.example/req.json', requestHash],
    } as never);
    await expect(
      publicClient.simulateContract({
        ...validation,
        account: client,
        functionName: 'validationResponse',
        args: [requestHash, 100, '', keccak256(toBytes('x')), 'audit'],
      }),
    ).rejects.toThrow();
    await send(validator, {
      ...validation,
      functionName: 'validationResponse',
      args: [requestHash, 90, 'https://validator.example/ev.json', keccak256(toBytes('ev')), 'audit'],
    } as never);
    const [v, id, response, , tag] = await publicClient.readContract({
      ...validation,
      functionName: 'getValidationStatus',
      args: [requestHash],
    });
    expect([v, id, response, tag]).toEqual([validator.address, agentId, 90, 'audit']);
    expect(
      await publicClient.readContract({ ...validation, functionName: 'getSummary', args: [agentId, [], ''] }),
    ).toEqual([1n, 90]);
    expect(
      await publicClient.readContract({ ...validation, functionName: 'getAgentValidations', args: [agentId] }),
    ).toEqual([requestHash]);
    expect(
      await publicClient.readContract({
        ...validation,
        functionName: 'getValidatorRequests',
        args: [validator.address],
      }),
    ).toEqual([requestHash]);
  });
});
