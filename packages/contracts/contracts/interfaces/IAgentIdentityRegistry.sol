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

    /// @notice Writes one metadata entry of an agent. Only the owner or an approved address may call.
    /// @param agentId The agent.
    /// @param metadataKey The key.
    /// @param metadataValue The value.
    function setMetadata(uint256 agentId, string calldata metadataKey, bytes calldata metadataValue) external;

    /// @notice Reads one metadata entry of an agent.
    /// @param agentId The agent.
    /// @param metadataKey The key.
    /// @return The stored value; empty when never set.
    function getMetadata(uint256 agentId, string calldata metadataKey) external view returns (bytes memory);
}
