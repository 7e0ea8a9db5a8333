//! The search tree of McKay's UCT on one opening lead, on the heap.

use cardtree::Card;

use crate::heap_tree::{HeapTree, heap_tree};

/// Nodes of one search tree: 5000 of McKay's playouts from a full deal create at most about
/// 1.2 million nodes; trees of 16 bytes a node, so 40 MiB a thread.
pub const TREE_NODES: usize = 2_621_440;

/// A tree of one search, on the heap.
pub type LeadTree = HeapTree<Card>;

/// A fresh, empty tree of [`TREE_NODES`] nodes.
#[must_use]
pub fn lead_tree() -> LeadTree {
    heap_tree(TREE_NODES)
}
