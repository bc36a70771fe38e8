// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StdInvariant} from "forge-std/StdInvariant.sol";
import {Test} from "forge-std/Test.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IERC721Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {AvatarNFT} from "../contracts/AvatarNFT.sol";
import {TaskRegistry} from "../contracts/TaskRegistry.sol";
import {IAvatarNFT} from "../contracts/interfaces/IAvatarNFT.sol";
import {ITaskRegistry} from "../contracts/interfaces/ITaskRegistry.sol";
import {BaseTest} from "./utils/BaseTest.sol";

contract TaskRegistryTest is BaseTest {
    bytes32 internal constant TASK_ID = keccak256("task-1");
    bytes32 internal constant DATA_HASH = keccak256('{"skill":"solidity"}');
    uint256 internal tokenId;

    function setUp() public override {
        super.setUp();
        tokenId = _mint(alice, 21, 1);
    }

    function _scores(int128 a, string memory typeA, int128 b, string memory typeB)
        internal
        pure
        returns (ITaskRegistry.Reputation[] memory scores)
    {
        scores = new ITaskRegistry.Reputation[](2);
        scores[0] = ITaskRegistry.Reputation(a, typeA);
        scores[1] = ITaskRegistry.Reputation(b, typeB);
    }

    function _noScores() internal pure returns (ITaskRegistry.Reputation[] memory) {
        return new ITaskRegistry.Reputation[](0);
    }

    // ------------------------------------------------------------------ constructor

    function test_constructor_setsAdminAndAvatar() public view {
        assertTrue(registry.hasRole(registry.DEFAULT_ADMIN_ROLE(), admin));
        assertEq(registry.avatarNFT(), address(avatar));
        assertEq(registry.taskCount(), 0);
    }

    function test_constructor_revertsOnZeroAddresses() public {
        vm.expectRevert(ITaskRegistry.TaskZeroAddress.selector);
        new TaskRegistry(address(0), address(avatar));
        vm.expectRevert(ITaskRegistry.TaskZeroAddress.selector);
        new TaskRegistry(admin, address(0));
    }

    // ------------------------------------------------------------------ recordTask

    function test_recordTask_storesEmitsAndGrantsXp() public {
        ITaskRegistry.Reputation[] memory scores = _scores(10, "reliability", 5, "skill_learn");
        vm.warp(1_700_000_000);
        vm.roll(42);

        vm.expectEmit(address(registry));
        emit ITaskRegistry.TaskRecorded(TASK_ID, tokenId, verifier, "skill_learn", DATA_HASH, 50);
        vm.expectEmit(address(registry));
        emit ITaskRegistry.ReputationGiven(tokenId, TASK_ID, "reliability", "reliability", 10);
        vm.expectEmit(address(registry));
        emit ITaskRegistry.ReputationGiven(tokenId, TASK_ID, "skill_learn", "skill_learn", 5);
        vm.expectEmit(address(avatar));
        emit IAvatarNFT.ExperienceGained(tokenId, 50, 50, 1);
        vm.prank(verifier);
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 50, scores);

        assertTrue(registry.isRecorded(TASK_ID));
        ITaskRegistry.Task memory task = registry.getTask(TASK_ID);
        assertEq(task.tokenId, tokenId);
        assertEq(task.dataHash, DATA_HASH);
        assertEq(task.xp, 50);
        assertEq(task.verifier, verifier);
        assertEq(task.recordedAt, 1_700_000_000);
        assertEq(task.blockNumber, 42);
        assertEq(task.taskType, "skill_learn");
        assertEq(registry.taskCount(), 1);
        assertEq(registry.taskCountOf(tokenId), 1);
        assertEq(avatar.experienceOf(tokenId), 50);

        (int256 total, uint256 count) = registry.reputationOf(tokenId, "reliability");
        assertEq(total, 10);
        assertEq(count, 1);
        string[] memory types = registry.scoreTypesOf(tokenId);
        assertEq(types.length, 2);
        assertEq(types[0], "reliability");
        assertEq(types[1], "skill_learn");
    }

    function test_recordTask_raisesLevel() public {
        vm.startPrank(verifier);
        registry.recordTask(TASK_ID, tokenId, "training_complete", DATA_HASH, 2500, _noScores());
        registry.recordTask(keccak256("task-2"), tokenId, "training_complete", DATA_HASH, 2500, _noScores());
        vm.stopPrank();
        assertEq(avatar.levelOf(tokenId), 3);
    }

    function test_recordTask_accumulatesReputation() public {
        vm.startPrank(verifier);
        registry.recordTask(TASK_ID, tokenId, "team_join", DATA_HASH, 0, _scores(10, "trust", -3, "trust"));
        registry.recordTask(keccak256("task-2"), tokenId, "team_join", DATA_HASH, 0, _scores(4, "trust", 1, "speed"));
        vm.stopPrank();
        (int256 total, uint256 count) = registry.reputationOf(tokenId, "trust");
        assertEq(total, 11);
        assertEq(count, 3);
        assertEq(registry.scoreTypesOf(tokenId).length, 2);
        (total, count) = registry.reputationOf(tokenId, "never");
        assertEq(total, 0);
        assertEq(count, 0);
    }

    function test_recordTask_zeroXpLeavesAvatarUnchanged() public {
        vm.prank(verifier);
        registry.recordTask(TASK_ID, tokenId, "avatar_create", DATA_HASH, 0, _noScores());
        assertEq(avatar.experienceOf(tokenId), 0);
        assertTrue(registry.isRecorded(TASK_ID));
    }

    function test_recordTask_revertsOnDuplicateId() public {
        vm.startPrank(verifier);
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 50, _noScores());
        vm.expectRevert(abi.encodeWithSelector(ITaskRegistry.TaskAlreadyRecorded.selector, TASK_ID));
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 50, _noScores());
        vm.stopPrank();
        assertEq(avatar.experienceOf(tokenId), 50, "XP granted once");
    }

    function test_recordTask_revertsOnZeroId() public {
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(ITaskRegistry.TaskInvalidId.selector, bytes32(0)));
        registry.recordTask(bytes32(0), tokenId, "skill_learn", DATA_HASH, 50, _noScores());
    }

    function test_recordTask_revertsOnEmptyOrLongType() public {
        string memory tooLong = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; // 65 bytes
        vm.startPrank(verifier);
        vm.expectRevert(abi.encodeWithSelector(ITaskRegistry.TaskInvalidType.selector, ""));
        registry.recordTask(TASK_ID, tokenId, "", DATA_HASH, 50, _noScores());
        vm.expectRevert(abi.encodeWithSelector(ITaskRegistry.TaskInvalidType.selector, tooLong));
        registry.recordTask(TASK_ID, tokenId, tooLong, DATA_HASH, 50, _noScores());
        vm.stopPrank();
    }

    function test_recordTask_revertsOnTooManyScores() public {
        ITaskRegistry.Reputation[] memory scores = new ITaskRegistry.Reputation[](17);
        for (uint256 i; i < scores.length; ++i) {
            scores[i] = ITaskRegistry.Reputation(1, "x");
        }
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(ITaskRegistry.TaskTooManyScores.selector, 17, 16));
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 50, scores);
    }

    function test_recordTask_revertsOnEmptyScoreType() public {
        vm.prank(verifier);
        vm.expectRevert(abi.encodeWithSelector(ITaskRegistry.TaskInvalidScoreType.selector, ""));
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 50, _scores(1, "ok", 2, ""));
    }

    function test_recordTask_revertsForNonVerifier() public {
        bytes32 role = registry.VERIFIER_ROLE();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, alice, role));
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 50, _noScores());
    }

    function test_recordTask_revertsForUnknownToken() public {
        vm.startPrank(verifier);
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 999));
        registry.recordTask(TASK_ID, 999, "skill_learn", DATA_HASH, 50, _noScores());
        vm.expectRevert(abi.encodeWithSelector(IERC721Errors.ERC721NonexistentToken.selector, 999));
        registry.recordTask(TASK_ID, 999, "skill_learn", DATA_HASH, 0, _noScores());
        vm.stopPrank();
        assertFalse(registry.isRecorded(TASK_ID), "nothing stored");
    }

    function test_recordTask_revertsWithoutAvatarVerifierRole() public {
        bytes32 role = avatar.VERIFIER_ROLE();
        vm.prank(admin);
        avatar.revokeRole(role, address(registry));
        vm.prank(verifier);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, address(registry), role)
        );
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 50, _noScores());
    }

    // ------------------------------------------------------------------ views

    function test_getTask_revertsForUnknownId() public {
        vm.expectRevert(abi.encodeWithSelector(ITaskRegistry.TaskNotFound.selector, TASK_ID));
        registry.getTask(TASK_ID);
    }

    function test_isRecorded_falseForUnknownId() public view {
        assertFalse(registry.isRecorded(TASK_ID));
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_recordTask_xpAndLevel(uint256 xp, bytes32 taskId) public {
        vm.assume(taskId != bytes32(0));
        xp = bound(xp, 0, 1_000_000);
        vm.prank(verifier);
        registry.recordTask(taskId, tokenId, "skill_learn", DATA_HASH, xp, _noScores());
        assertEq(avatar.experienceOf(tokenId), xp);
        assertEq(avatar.levelOf(tokenId), 1 + xp / 2500);
        assertEq(registry.getTask(taskId).xp, xp);
    }

    function testFuzz_recordTask_reputationSums(int128 a, int128 b) public {
        a = int128(bound(a, -1e18, 1e18));
        b = int128(bound(b, -1e18, 1e18));
        vm.prank(verifier);
        registry.recordTask(TASK_ID, tokenId, "skill_trade", DATA_HASH, 0, _scores(a, "quality", b, "quality"));
        (int256 total, uint256 count) = registry.reputationOf(tokenId, "quality");
        assertEq(total, int256(a) + int256(b));
        assertEq(count, 2);
    }

    function testFuzz_recordTask_onlyVerifier(address caller) public {
        vm.assume(caller != verifier);
        vm.prank(caller);
        vm.expectPartialRevert(IAccessControl.AccessControlUnauthorizedAccount.selector);
        registry.recordTask(TASK_ID, tokenId, "skill_learn", DATA_HASH, 1, _noScores());
    }
}

/// @dev Records tasks from a small pool of ids (so duplicates are frequent) and tries unauthorized writes.
contract TaskRegistryHandler is Test {
    TaskRegistry internal immutable registry;
    AvatarNFT internal immutable avatar;
    address internal immutable verifier;
    uint256 internal immutable tokenCount;

    mapping(bytes32 taskId => uint256 successes) public recordCount;
    bytes32[] public recordedIds;
    mapping(uint256 tokenId => uint256 xp) public ghostXp;
    uint256 public duplicateSuccesses;
    uint256 public unauthorizedSuccesses;

    constructor(TaskRegistry registry_, AvatarNFT avatar_, address verifier_, uint256 tokenCount_) {
        registry = registry_;
        avatar = avatar_;
        verifier = verifier_;
        tokenCount = tokenCount_;
    }

    function recordedCount() external view returns (uint256) {
        return recordedIds.length;
    }

    function record(uint8 idSeed, uint256 tokenSeed, uint256 xp, int128 score) external {
        bytes32 taskId = keccak256(abi.encode(idSeed % 32));
        uint256 tokenId = 1 + tokenSeed % tokenCount;
        xp = bound(xp, 0, 5000);
        ITaskRegistry.Reputation[] memory scores = new ITaskRegistry.Reputation[](1);
        scores[0] = ITaskRegistry.Reputation(int128(bound(score, -100, 100)), "quality");
        bool wasRecorded = registry.isRecorded(taskId);
        vm.prank(verifier);
        try registry.recordTask(taskId, tokenId, "skill_learn", bytes32(0), xp, scores) {
            if (wasRecorded) ++duplicateSuccesses;
            if (recordCount[taskId]++ == 0) recordedIds.push(taskId);
            ghostXp[tokenId] += xp;
        } catch {}
    }

    function recordUnauthorized(address caller, uint8 idSeed) external {
        if (caller == verifier) return;
        bytes32 taskId = keccak256(abi.encode("rogue", idSeed));
        vm.prank(caller);
        try registry.recordTask(taskId, 1, "skill_learn", bytes32(0), 1000, new ITaskRegistry.Reputation[](0)) {
            ++unauthorizedSuccesses;
        } catch {}
    }
}

contract TaskRegistryInvariantTest is StdInvariant, BaseTest {
    TaskRegistryHandler internal handler;
    uint256 internal constant TOKENS = 3;

    function setUp() public override {
        super.setUp();
        for (uint256 i = 1; i <= TOKENS; ++i) {
            _mint(alice, i, 1);
        }
        handler = new TaskRegistryHandler(registry, avatar, verifier, TOKENS);
        targetContract(address(handler));
    }

    /// A task id is recorded once: no duplicate ever succeeded and the count equals the distinct ids.
    function invariant_taskRecordedOnce() public view {
        assertEq(handler.duplicateSuccesses(), 0);
        assertEq(registry.taskCount(), handler.recordedCount());
        for (uint256 i; i < handler.recordedCount(); ++i) {
            assertEq(handler.recordCount(handler.recordedIds(i)), 1);
        }
    }

    /// Only the verifier writes: rogue calls never succeed and XP equals the XP of recorded tasks.
    function invariant_onlyVerifierWrites() public view {
        assertEq(handler.unauthorizedSuccesses(), 0);
        for (uint256 tokenId = 1; tokenId <= TOKENS; ++tokenId) {
            assertEq(avatar.experienceOf(tokenId), handler.ghostXp(tokenId));
            assertEq(avatar.levelOf(tokenId), 1 + handler.ghostXp(tokenId) / 2500);
        }
    }
}
