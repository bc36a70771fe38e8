// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC721Receiver} from "@openzeppelin/contracts/token/ERC721/IERC721Receiver.sol";

/// @dev Rejects ETH until told otherwise; accepts ERC-721 tokens.
contract EthRejecter is IERC721Receiver {
    bool public accepting;

    function setAccepting(bool accepting_) external {
        accepting = accepting_;
    }

    function execute(address target, uint256 value, bytes calldata data) external returns (bytes memory) {
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        return result;
    }

    function onERC721Received(address, address, uint256, bytes calldata) external pure returns (bytes4) {
        return IERC721Receiver.onERC721Received.selector;
    }

    receive() external payable {
        require(accepting, "no ETH");
    }
}

/// @dev A contract without onERC721Received or receive.
contract PlainContract {}

/// @dev Tries to re-enter a target with `data` when it receives an ERC-721 token or ETH.
contract Reenterer is IERC721Receiver {
    address public target;
    bytes public data;
    uint256 public value;

    function arm(address target_, bytes calldata data_, uint256 value_) external {
        target = target_;
        data = data_;
        value = value_;
    }

    function buy(address market, bytes calldata call_, uint256 value_) external payable {
        (bool ok, bytes memory result) = market.call{value: value_}(call_);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        _reenter();
        return IERC721Receiver.onERC721Received.selector;
    }

    receive() external payable {
        _reenter();
    }

    function _reenter() private {
        if (target == address(0)) return;
        address t = target;
        target = address(0);
        (bool ok, bytes memory result) = t.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }
}
