// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ERC-8004 (Trustless Agents) Identity Registry
/// @notice Agents are ERC-721 tokens: the agentId is the tokenId. Each agent has an agent URI (its
/// registration file) and free-form on-chain metadata (key => bytes).
/// @dev Follows the Identity Registry part of https://eips.ethereum.org/EIPS/eip-8004.
interface IAgentIdentityRegistry {
    /// @notice One on-chain metadata entry of an agent.
    /// @param metadataKey The key, e.g. "agentWallet" or "capabilities".
    /// @param metadataValue The raw value; UTF-8 bytes unless the key says otherwise.
    struct MetadataEntry {
        string metadataKey;
        bytes metadataValue;
    }

    /// @notice Emitted when a new agent identity is created (every mint of the registry).
    /// @param agentId The new agent's id (= ERC-721 tokenId).
    /// @param agentURI The agent URI it was registered with; empty when the default token URI applies.
    /// @param owner The agent's first owner.
    event Registered(uint256 indexed agentId, string agentURI, address indexed owner);

    /// @notice Emitted when an agent's metadata entry is written.
    /// @param agentId The agent.
    /// @param indexedMetadataKey The key, indexed (topic = keccak256 of the key).
    /// @param metadataKey The key.
    /// @param metadataValue The new value.
    event MetadataSet(
        uint256 indexed agentId, string indexed indexedMetadataKey, string metadataKey, bytes metadataValue
    );

    /// @notice Emitted when an agent's URI changes.
    /// @param agentId The agent.
    /// @param newURI The new agent URI.
    /// @param updatedBy The caller who changed it.
    event URIUpdated(uint256 indexed agentId, string newURI, address indexed updatedBy);

    /// @notice Registers a new agent owned by the caller, with the default token URI.
    /// @return agentId The new agent's id.
    function register() external returns (uint256 agentId);

    /// @notice Registers a new agent owned by the caller.
    /// @param agentURI The agent's registration file URI.
    /// @return agentId The new agent's id.
    function register(string calldata agentURI) external returns (uint256 agentId);

    /// @notice Registers a new agent owned by the caller and writes its metadata.
    /// @param agentURI The agent's registration file URI.
    /// @param metadata Metadata entries to store; each emits {MetadataSet}.
    /// @return agentId The new agent's id.
    function register(string calldata agentURI, MetadataEntry[] calldata metadata) external returns (uint256 agentId);

    /// @notice Replaces an agent's URI. Only the owner or an approved address may call.
    /// @param agentId The agent.
    /// @param newURI The new agent URI; empty restores the default (base URI + tokenId).
    function setAgentURI(uint256 agentId, string calldata newURI) external;

    /// @notice Writes one metadata entry of an agent. Only the owner or an approved address may call; the
    /// reserved key `agentWallet` is refused (use {setAgentWallet}).
    /// @param agentId The agent.
    /// @param metadataKey The key.
    /// @param metadataValue The value.
    function setMetadata(uint256 agentId, string calldata metadataKey, bytes calldata metadataValue) external;

    /// @notice Sets the agent's payment wallet (reserved metadata key `agentWallet`). Only the owner or an
    /// approved operator may call, with the new wallet's signature over the EIP-712 struct
    /// `AgentWalletSet(uint256 agentId,address newWallet,address owner,uint256 deadline)` of this contract's
    /// domain ({eip712Domain}, ERC-5267): ECDSA for an EOA, ERC-1271 `isValidSignature` for a contract wallet.
    /// @dev Emits {MetadataSet} with the key `agentWallet` and the 20-byte packed address.
    /// @param agentId The agent.
    /// @param newWallet The wallet that signed (non-zero).
    /// @param deadline Unix seconds; the signature is refused after it and when it lies more than
    /// {MAX_WALLET_DEADLINE_DELAY} seconds ahead (a short-lived signature).
    /// @param signature 65-byte ECDSA signature, or the wallet contract's ERC-1271 signature.
    function setAgentWallet(uint256 agentId, address newWallet, uint256 deadline, bytes calldata signature) external;

    /// @notice The agent's payment wallet: its owner at registration, cleared (zero) on every transfer and
    /// by {unsetAgentWallet}.
    /// @param agentId The agent (must exist).
    /// @return The wallet, or the zero address.
    function getAgentWallet(uint256 agentId) external view returns (address);

    /// @notice Clears the agent's wallet. Only the owner or an approved operator may call.
    /// @dev Emits {MetadataSet} with the key `agentWallet` and an empty value.
    /// @param agentId The agent.
    function unsetAgentWallet(uint256 agentId) external;

    /// @notice Whether `spender` is the agent's owner, its approved address or an approved operator of the owner
    /// (the ERC's "owner or operator"). The Reputation and Validation registries use it.
    /// @param spender The address to check.
    /// @param agentId The agent (must exist).
    /// @return True for owner, approved or operator.
    function isAuthorizedOrOwner(address spender, uint256 agentId) external view returns (bool);

    /// @notice Reads one metadata entry of an agent.
    /// @param agentId The agent.
    /// @param metadataKey The key.
    /// @return The stored value; empty when never set. For `agentWallet`: the 20-byte packed wallet, or empty.
    function getMetadata(uint256 agentId, string calldata metadataKey) external view returns (bytes memory);
}
