// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ERC-8004 (Trustless Agents) Reputation Registry
/// @notice Clients rate agents: a signed fixed-point value with tags; the client may revoke it, anyone may
/// append a response. Feedback from the agent's owner or approved operator is refused.
/// @dev Follows the Reputation Registry part of https://eips.ethereum.org/EIPS/eip-8004. Feedback indexes
/// start at 1 per (agent, client).
interface IReputationRegistry {
    /// @notice Emitted for every feedback. `endpoint`, `feedbackURI` and `feedbackHash` are only emitted.
    event NewFeedback(
        uint256 indexed agentId,
        address indexed clientAddress,
        uint64 feedbackIndex,
        int128 value,
        uint8 valueDecimals,
        string indexed indexedTag1,
        string tag1,
        string tag2,
        string endpoint,
        string feedbackURI,
        bytes32 feedbackHash
    );

    /// @notice Emitted when a client revokes its feedback.
    event FeedbackRevoked(uint256 indexed agentId, address indexed clientAddress, uint64 indexed feedbackIndex);

    /// @notice Emitted when anyone appends a response to a feedback.
    event ResponseAppended(
        uint256 indexed agentId,
        address indexed clientAddress,
        uint64 feedbackIndex,
        address indexed responder,
        string responseURI,
        bytes32 responseHash
    );

    /// @notice The owner or an approved operator of the agent tried to rate it.
    error ReputationSelfFeedback(uint256 agentId, address caller);
    /// @notice valueDecimals above 18.
    error ReputationInvalidDecimals(uint8 valueDecimals);
    /// @notice |value| above 1e38.
    error ReputationValueTooLarge(int128 value);
    /// @notice No such feedback (index 0 or past the client's last index).
    error ReputationUnknownFeedback(uint256 agentId, address clientAddress, uint64 feedbackIndex);
    /// @notice The feedback was revoked already.
    error ReputationAlreadyRevoked(uint256 agentId, uint64 feedbackIndex);
    /// @notice A response needs a URI.
    error ReputationEmptyURI();
    /// @notice getSummary needs the client addresses (the ERC leaves Sybil filtering to the reader).
    error ReputationClientsRequired();
    /// @notice An address argument was zero.
    error ReputationZeroAddress();

    /// @notice The Identity Registry whose agents are rated.
    function getIdentityRegistry() external view returns (address);

    /// @notice Rates an agent. Anyone but the agent's owner or approved operator. Emits {NewFeedback}.
    /// @param agentId The agent (must exist).
    /// @param value Fixed-point value (e.g. 87 with 0 decimals for 87/100 "starred").
    /// @param valueDecimals 0-18.
    /// @param tag1 Optional tag, e.g. "starred".
    /// @param tag2 Optional second tag.
    /// @param endpoint Optional endpoint the client used (emitted only).
    /// @param feedbackURI Optional off-chain feedback file (emitted only).
    /// @param feedbackHash Optional keccak256 of that file (emitted only).
    function giveFeedback(
        uint256 agentId,
        int128 value,
        uint8 valueDecimals,
        string calldata tag1,
        string calldata tag2,
        string calldata endpoint,
        string calldata feedbackURI,
        bytes32 feedbackHash
    ) external;

    /// @notice Revokes the caller's own feedback. Emits {FeedbackRevoked}.
    function revokeFeedback(uint256 agentId, uint64 feedbackIndex) external;

    /// @notice Appends a response (e.g. the agent's reply or a refund proof) to a feedback. Anyone.
    /// Emits {ResponseAppended}.
    function appendResponse(
        uint256 agentId,
        address clientAddress,
        uint64 feedbackIndex,
        string calldata responseURI,
        bytes32 responseHash
    ) external;

    /// @notice Count and average of the non-revoked feedback of the given clients (required), filtered by
    /// tags (empty = any). The average uses the most common decimals of the counted feedback.
    function getSummary(uint256 agentId, address[] calldata clientAddresses, string calldata tag1, string calldata tag2)
        external
        view
        returns (uint64 count, int128 summaryValue, uint8 summaryValueDecimals);

    /// @notice One feedback. Reverts for unknown indexes.
    function readFeedback(uint256 agentId, address clientAddress, uint64 feedbackIndex)
        external
        view
        returns (int128 value, uint8 valueDecimals, string memory tag1, string memory tag2, bool isRevoked);

    /// @notice All feedback of the given clients (every client when empty), filtered by tags.
    function readAllFeedback(
        uint256 agentId,
        address[] memory clientAddresses,
        string memory tag1,
        string memory tag2,
        bool includeRevoked
    )
        external
        view
        returns (
            address[] memory clients,
            uint64[] memory feedbackIndexes,
            int128[] memory values,
            uint8[] memory valueDecimals,
            string[] memory tag1s,
            string[] memory tag2s,
            bool[] memory revokedStatuses
        );

    /// @notice Responses appended to feedback, by the given responders (any when empty). `clientAddress`
    /// zero counts every client's feedback; `feedbackIndex` 0 every index of the client.
    function getResponseCount(
        uint256 agentId,
        address clientAddress,
        uint64 feedbackIndex,
        address[] calldata responders
    ) external view returns (uint64 count);

    /// @notice Every client that ever rated the agent, in order of first feedback.
    function getClients(uint256 agentId) external view returns (address[] memory);

    /// @notice The client's last feedback index for the agent (0 when none).
    function getLastIndex(uint256 agentId, address clientAddress) external view returns (uint64);
}
