//! Search trees of millions of nodes on the heap.
//!
//! The core's [`Tree`](cardtree::Tree) keeps its nodes in an array inside the value, which suits a
//! `static` on a microcontroller; a host tree of 40 MiB built that way passes through the stack
//! before it can be boxed. A [`HeapTree`] is the same tree ([`TreeInner`]) over a boxed slice
//! that `vec!` fills on the heap: no large stack, and no `unsafe`.

use cardtree::{Blank, Node, TreeInner};

/// A search tree whose nodes live in one heap allocation.
pub type HeapTree<M> = TreeInner<M, Box<[Node<M>]>>;

/// An empty tree with room for `nodes` nodes (`nodes * 16` bytes for one-byte moves).
#[must_use]
pub fn heap_tree<M: Blank>(nodes: usize) -> HeapTree<M> {
    TreeInner::over(vec![Node::blank(); nodes].into_boxed_slice())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardtree::search::{RandomPolicy, UctConfig, uct};
    use cardtree::{TicTacToe, Tree, rng};

    #[test]
    fn a_heap_tree_searches_as_an_array_tree_does() {
        let mut heap: HeapTree<u8> = heap_tree(20_000);
        assert_eq!((heap.capacity(), heap.len()), (20_000, 0));
        let mut array: Box<Tree<u8, 20_000>> = Box::new(Tree::new());
        let config = UctConfig {
            iterations: 2_000,
            ..UctConfig::new()
        };
        let g = TicTacToe::new();
        let a = uct(
            &mut heap,
            &g,
            &config,
            &mut RandomPolicy,
            &mut rng::seeded(5),
        )
        .unwrap();
        let b = uct(
            &mut *array,
            &g,
            &config,
            &mut RandomPolicy,
            &mut rng::seeded(5),
        )
        .unwrap();
        assert_eq!(a, b);
        assert_eq!(heap.len(), array.len());
    }
}
