// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAgentIdentityRegistry} from "./interfaces/IAgentIdentityRegistry.sol";
import {IReputationRegistry} from "./interfaces/IReputationRegistry.sol";

/// @title ReputationRegistry
/// @notice ERC-8004 Reputation Registry over our Identity Registry (AvatarNFT). No roles, no admin: the
/// registry only stores what clients say; who counts as a verified client is the reader's choice
/// (our app passes the wallets that really used the avatar to {getSummary}).
/// @dev See {IReputationRegistry}.
contract ReputationRegistry is IReputationRegistry {
    /// @notice Largest absolute feedback value.
    int128 public constant MAX_ABS_VALUE = 1e38;
    /// @notice Most decimals of a feedback value.
    uint8 public constant MAX_DECIMALS = 18;

    /// @dev One feedback; value, decimals and the revoked flag share a slot.
    struct Feedback {
        int128 value;
        uint8 valueDecimals;
        bool isRevoked;
        string tag1;
        string tag2;
    }

    IAgentIdentityRegistry private immutable _identity;

    /// @dev agentId => client => feedback; index i lives at position i - 1.
    mapping(uint256 agentId => mapping(address client => Feedback[])) private _feedback;
    mapping(uint256 agentId => address[]) private _clients;
    mapping(uint256 agentId => mapping(address client => mapping(uint64 index => address[]))) private _responders;
    mapping(uint256 agentId => mapping(address client => mapping(uint64 index => mapping(address responder => uint64))))
        private _responseCounts;

    /// @param identityRegistry_ The Identity Registry (AvatarNFT).
    constructor(address identityRegistry_) {
        if (identityRegistry_ == address(0)) revert ReputationZeroAddress();
        _identity = IAgentIdentityRegistry(identityRegistry_);
    }

    /// @inheritdoc IReputationRegistry
    function getIdentityRegistry() external view returns (address) {
        return address(_identity);
    }

    /// @inheritdoc IReputationRegistry
    function giveFeedback(
        uint256 agentId,
        int128 value,
        uint8 valueDecimals,
        string calldata tag1,
        string calldata tag2,
        string calldata endpoint,
        string calldata feedbackURI,
        bytes32 feedbackHash
    ) external {
        if (valueDecimals > MAX_DECIMALS) revert ReputationInvalidDecimals(valueDecimals);
        if (value > MAX_ABS_VALUE || value < -MAX_ABS_VALUE) revert ReputationValueTooLarge(value);
        // Reverts for unknown agents (ERC721NonexistentToken); refuses the owner and its operators.
        if (_identity.isAuthorizedOrOwner(msg.sender, agentId)) revert ReputationSelfFeedback(agentId, msg.sender);

        uint64 index = _store(agentId, value, valueDecimals, tag1, tag2);
        _emitFeedback(agentId, index, value, valueDecimals, tag1, tag2, endpoint, feedbackURI, feedbackHash);
    }

    function _store(uint256 agentId, int128 value, uint8 valueDecimals, string calldata tag1, string calldata tag2)
        private
        returns (uint64 index)
    {
        Feedback[] storage list = _feedback[agentId][msg.sender];
        if (list.length == 0) _clients[agentId].push(msg.sender);
        list.push(Feedback({value: value, valueDecimals: valueDecimals, isRevoked: false, tag1: tag1, tag2: tag2}));
        // forge-lint: disable-next-line(unsafe-typecast) one push per transaction: never 2^64 entries
        index = uint64(list.length);
    }

    /// @dev Separate frame with memory strings: the event's eleven fields exceed the stack in one frame.
    function _emitFeedback(
        uint256 agentId,
        uint64 index,
        int128 value,
        uint8 valueDecimals,
        string memory tag1,
        string memory tag2,
        string memory endpoint,
        string memory feedbackURI,
        bytes32 feedbackHash
    ) private {
        emit NewFeedback(
            agentId, msg.sender, index, value, valueDecimals, tag1, tag1, tag2, endpoint, feedbackURI, feedbackHash
        );
    }

    /// @inheritdoc IReputationRegistry
    function revokeFeedback(uint256 agentId, uint64 feedbackIndex) external {
        Feedback storage feedback = _at(agentId, msg.sender, feedbackIndex);
        if (feedback.isRevoked) revert ReputationAlreadyRevoked(agentId, feedbackIndex);
        feedback.isRevoked = true;
        emit FeedbackRevoked(agentId, msg.sender, feedbackIndex);
    }

    /// @inheritdoc IReputationRegistry
    function appendResponse(
        uint256 agentId,
        address clientAddress,
        uint64 feedbackIndex,
        string calldata responseURI,
        bytes32 responseHash
    ) external {
        if (bytes(responseURI).length == 0) revert ReputationEmptyURI();
        _at(agentId, clientAddress, feedbackIndex);
        mapping(address responder => uint64) storage counts = _responseCounts[agentId][clientAddress][feedbackIndex];
        if (counts[msg.sender] == 0) _responders[agentId][clientAddress][feedbackIndex].push(msg.sender);
        ++counts[msg.sender];
        emit ResponseAppended(agentId, clientAddress, feedbackIndex, msg.sender, responseURI, responseHash);
    }

    /// @inheritdoc IReputationRegistry
    function getSummary(uint256 agentId, address[] calldata clientAddresses, string calldata tag1, string calldata tag2)
        external
        view
        returns (uint64 count, int128 summaryValue, uint8 summaryValueDecimals)
    {
        if (clientAddresses.length == 0) revert ReputationClientsRequired();
        int256 sumWad;
        uint64[19] memory perDecimals;
        for (uint256 i; i < clientAddresses.length; ++i) {
            Feedback[] storage list = _feedback[agentId][clientAddresses[i]];
            for (uint256 j; j < list.length; ++j) {
                Feedback storage f = list[j];
                if (f.isRevoked || !_matches(f, tag1, tag2)) continue;
                sumWad += int256(f.value) * int256(10 ** uint256(MAX_DECIMALS - f.valueDecimals));
                ++perDecimals[f.valueDecimals];
                ++count;
            }
        }
        if (count == 0) return (0, 0, 0);
        uint64 most;
        for (uint8 d; d <= MAX_DECIMALS; ++d) {
            if (perDecimals[d] > most) {
                most = perDecimals[d];
                summaryValueDecimals = d;
            }
        }
        int256 averageWad = sumWad / int256(uint256(count));
        // forge-lint: disable-next-line(unsafe-typecast) an average of values within ±1e38 fits int128
        summaryValue = int128(averageWad / int256(10 ** uint256(MAX_DECIMALS - summaryValueDecimals)));
    }

    /// @inheritdoc IReputationRegistry
    function readFeedback(uint256 agentId, address clientAddress, uint64 feedbackIndex)
        external
        view
        returns (int128 value, uint8 valueDecimals, string memory tag1, string memory tag2, bool isRevoked)
    {
        Feedback storage f = _at(agentId, clientAddress, feedbackIndex);
        return (f.value, f.valueDecimals, f.tag1, f.tag2, f.isRevoked);
    }

    /// @dev Everything {readAllFeedback} returns, built in its own frame (the ERC's seven arrays and five
    /// arguments do not fit one frame of the legacy code generator's stack).
    struct FeedbackPage {
        address[] clients;
        uint64[] feedbackIndexes;
        int128[] values;
        uint8[] valueDecimals;
        string[] tag1s;
        string[] tag2s;
        bool[] revokedStatuses;
    }

    /// @inheritdoc IReputationRegistry
    /// @dev Arguments in memory (one stack slot each instead of two for calldata) keep the frame small.
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
            address[] memory,
            uint64[] memory,
            int128[] memory,
            uint8[] memory,
            string[] memory,
            string[] memory,
            bool[] memory
        )
    {
        FeedbackPage memory p = _readAll(agentId, clientAddresses, tag1, tag2, includeRevoked);
        return (p.clients, p.feedbackIndexes, p.values, p.valueDecimals, p.tag1s, p.tag2s, p.revokedStatuses);
    }

    function _readAll(
        uint256 agentId,
        address[] memory clientAddresses,
        string memory tag1,
        string memory tag2,
        bool includeRevoked
    ) private view returns (FeedbackPage memory p) {
        address[] memory list = clientAddresses;
        if (list.length == 0) list = _clients[agentId];
        uint256 total = _countSelected(agentId, list, tag1, tag2, includeRevoked);
        p.clients = new address[](total);
        p.feedbackIndexes = new uint64[](total);
        p.values = new int128[](total);
        p.valueDecimals = new uint8[](total);
        p.tag1s = new string[](total);
        p.tag2s = new string[](total);
        p.revokedStatuses = new bool[](total);
        uint256 k;
        for (uint256 i; i < list.length; ++i) {
            Feedback[] storage entries = _feedback[agentId][list[i]];
            for (uint256 j; j < entries.length; ++j) {
                Feedback storage f = entries[j];
                if (!_selected(f, tag1, tag2, includeRevoked)) continue;
                p.clients[k] = list[i];
                // forge-lint: disable-next-line(unsafe-typecast) fewer than 2^64 entries per client
                p.feedbackIndexes[k] = uint64(j + 1);
                p.values[k] = f.value;
                p.valueDecimals[k] = f.valueDecimals;
                p.tag1s[k] = f.tag1;
                p.tag2s[k] = f.tag2;
                p.revokedStatuses[k] = f.isRevoked;
                ++k;
            }
        }
    }

    function _countSelected(
        uint256 agentId,
        address[] memory list,
        string memory tag1,
        string memory tag2,
        bool includeRevoked
    ) private view returns (uint256 total) {
        for (uint256 i; i < list.length; ++i) {
            Feedback[] storage entries = _feedback[agentId][list[i]];
            for (uint256 j; j < entries.length; ++j) {
                if (_selected(entries[j], tag1, tag2, includeRevoked)) ++total;
            }
        }
    }

    /// @inheritdoc IReputationRegistry
    function getResponseCount(
        uint256 agentId,
        address clientAddress,
        uint64 feedbackIndex,
        address[] calldata responders
    ) external view returns (uint64 count) {
        address[] memory clients;
        if (clientAddress == address(0)) {
            clients = _clients[agentId];
        } else {
            clients = new address[](1);
            clients[0] = clientAddress;
        }
        for (uint256 i; i < clients.length; ++i) {
            uint256 last = _feedback[agentId][clients[i]].length;
            if (clientAddress != address(0) && feedbackIndex != 0) {
                if (feedbackIndex <= last) count += _responses(agentId, clients[i], feedbackIndex, responders);
                continue;
            }
            for (uint256 j = 1; j <= last; ++j) {
                // forge-lint: disable-next-line(unsafe-typecast) fewer than 2^64 entries per client
                count += _responses(agentId, clients[i], uint64(j), responders);
            }
        }
    }

    /// @inheritdoc IReputationRegistry
    function getClients(uint256 agentId) external view returns (address[] memory) {
        return _clients[agentId];
    }

    /// @inheritdoc IReputationRegistry
    function getLastIndex(uint256 agentId, address clientAddress) external view returns (uint64) {
        // forge-lint: disable-next-line(unsafe-typecast) fewer than 2^64 entries per client
        return uint64(_feedback[agentId][clientAddress].length);
    }

    function _at(uint256 agentId, address client, uint64 index) private view returns (Feedback storage) {
        Feedback[] storage list = _feedback[agentId][client];
        if (index == 0 || index > list.length) revert ReputationUnknownFeedback(agentId, client, index);
        return list[index - 1];
    }

    function _responses(uint256 agentId, address client, uint64 index, address[] calldata responders)
        private
        view
        returns (uint64 count)
    {
        mapping(address responder => uint64) storage counts = _responseCounts[agentId][client][index];
        if (responders.length == 0) {
            address[] storage all = _responders[agentId][client][index];
            for (uint256 k; k < all.length; ++k) {
                count += counts[all[k]];
            }
        } else {
            for (uint256 k; k < responders.length; ++k) {
                count += counts[responders[k]];
            }
        }
    }

    function _selected(Feedback storage f, string memory tag1, string memory tag2, bool includeRevoked)
        private
        view
        returns (bool)
    {
        return (includeRevoked || !f.isRevoked) && _matches(f, tag1, tag2);
    }

    function _matches(Feedback storage f, string memory tag1, string memory tag2) private view returns (bool) {
        return (bytes(tag1).length == 0 || keccak256(bytes(f.tag1)) == keccak256(bytes(tag1)))
            && (bytes(tag2).length == 0 || keccak256(bytes(f.tag2)) == keccak256(bytes(tag2)));
    }
}
