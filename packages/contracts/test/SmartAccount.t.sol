// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {TestSmartAccount, TestSmartAccountFactory} from "./fixtures/TestSmartAccount.sol";
import {MockEthUsdAggregator} from "./fixtures/MockEthUsdAggregator.sol";

/// The fixtures the TypeScript tests sign in with (ERC-1271, ERC-6492) and price with (Chainlink stand-in).
contract SmartAccountFixturesTest is Test {
    TestSmartAccountFactory internal factory = new TestSmartAccountFactory();

    function test_factory_deploysAtThePredictedAddressOnce() public {
        address owner = vm.addr(0xA11CE);
        address predicted = factory.accountAddress(owner, bytes32(uint256(7)));
        assertEq(predicted.code.length, 0);
        TestSmartAccount account = factory.createAccount(owner, bytes32(uint256(7)));
        assertEq(address(account), predicted);
        assertEq(account.owner(), owner);
        assertEq(address(factory.createAccount(owner, bytes32(uint256(7)))), predicted);
    }

    function test_isValidSignature_acceptsOnlyTheOwner() public {
        uint256 ownerKey = 0xA11CE;
        TestSmartAccount account = factory.createAccount(vm.addr(ownerKey), 0);
        bytes32 hash = MessageHashUtils.toEthSignedMessageHash(bytes("sign in"));
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(ownerKey, hash);
        assertTrue(SignatureChecker.isValidSignatureNow(address(account), hash, abi.encodePacked(r, s, v)));
        assertEq(account.isValidSignature(hash, abi.encodePacked(r, s, v)), IERC1271.isValidSignature.selector);
        (v, r, s) = vm.sign(0xB0B, hash);
        assertFalse(SignatureChecker.isValidSignatureNow(address(account), hash, abi.encodePacked(r, s, v)));
    }

    function test_execute_isOwnerOnly() public {
        TestSmartAccount account = factory.createAccount(vm.addr(0xA11CE), 0);
        vm.expectRevert(TestSmartAccount.TestSmartAccountNotOwner.selector);
        account.execute(address(0), 0, "");
    }

    function test_aggregator_reportsTheLatestRound() public {
        vm.warp(1_700_000_000);
        MockEthUsdAggregator feed = new MockEthUsdAggregator(3000e8);
        feed.updateAnswer(3125.5e8);
        (uint80 roundId, int256 answer,, uint256 updatedAt,) = feed.latestRoundData();
        assertEq(roundId, 2);
        assertEq(answer, 3125.5e8);
        assertEq(updatedAt, 1_700_000_000);
        assertEq(feed.decimals(), 8);
    }
}
