//! [`Tree`]: a search tree in a fixed array, with typed [`NodeId`]s and overflow as a value.

use core::fmt;
use core::iter::FusedIterator;

use crate::blank::Blank;
use crate::card::Card;

/// The index of a node in its [`Tree`]. [`Tree::init`] makes [`NodeId::ROOT`] the root;
/// [`Tree::reroot`] may move the root elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct NodeId(u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);
    /// No node (`u32::MAX`), for links that point nowhere.
    pub const NONE: NodeId = NodeId(u32::MAX);

    /// The node's position in the tree's array.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of array position `i`, if it is representable (`NONE` is not).
    #[must_use]
    pub const fn from_index(i: usize) -> Option<NodeId> {
        if i < u32::MAX as usize {
            Some(NodeId(i as u32))
        } else {
            None
        }
    }
}

/// One node: the statistics a search keeps, the move that led here, and the link to its
/// children. Statistics are public fields the search updates; the links are the tree's.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct Node<M> {
    /// The search's value estimate (meaning up to the search, e.g. mean tricks for one side).
    pub value: f32,
    /// How many times the search went through this node.
    pub visits: u32,
    first_child: u32,
    child_count: u16,
    /// The move that led from the parent to this node ([`Blank::BLANK`] at the root).
    pub mv: M,
    /// One byte free for the search (e.g. whose turn, or a pruned mark); zero when created.
    pub tag: u8,
}

impl<M: Blank> Node<M> {
    const BLANK: Node<M> = Node::new(M::BLANK);

    /// A blank node, to fill storage for [`TreeInner::over`] (`vec![Node::blank(); n]`).
    #[must_use]
    pub const fn blank() -> Node<M> {
        Node::BLANK
    }
}

impl<M> Node<M> {
    const fn new(mv: M) -> Node<M> {
        Node {
            value: 0.0,
            visits: 0,
            first_child: 0,
            child_count: 0,
            mv,
            tag: 0,
        }
    }

    /// The number of children (0 until the node is expanded).
    #[must_use]
    pub const fn child_count(&self) -> usize {
        self.child_count as usize
    }

    /// Whether the node's children have been created.
    #[must_use]
    pub const fn is_expanded(&self) -> bool {
        self.child_count > 0
    }

    /// The node's children, in the order their moves were given to [`Tree::expand`].
    pub const fn children(&self) -> Children {
        Children {
            next: self.first_child,
            end: self.first_child.saturating_add(self.child_count as u32),
        }
    }
}

/// Why the tree could not do what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum TreeError {
    /// The tree is full: there is no room for the block of children asked for (`TreeFull`).
    /// The tree is unchanged and still valid; the search can go on without growing it.
    Full {
        /// The tree's capacity in nodes.
        capacity: usize,
        /// How many free nodes were asked for.
        wanted: usize,
    },
    /// The id names no node of the tree (for example, one from before a [`Tree::reset`]).
    UnknownNode(NodeId),
    /// The node already has children; a node's children are created once.
    AlreadyExpanded(NodeId),
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::Full { capacity, wanted } => {
                write!(f, "tree full: {wanted} more nodes do not fit in {capacity}")
            }
            TreeError::UnknownNode(id) => write!(f, "no node {} in the tree", id.0),
            TreeError::AlreadyExpanded(id) => write!(f, "node {} already has children", id.0),
        }
    }
}

impl core::error::Error for TreeError {}

/// A tree of at most `N` nodes of moves `M`, in a fixed array: [`TreeInner`] over
/// `[Node<M>; N]`; see below.
///
/// ```
/// use cardtree::{Tree, TreeError, NodeId};
///
/// // `Tree::new` is `const`: `static TREE: Mutex<RefCell<Tree<Card, 4096>>>` works the same.
/// let mut tree: Tree<u8, 4> = Tree::new();
/// let root = tree.init().unwrap();
/// let kids = tree.expand(root, &[7, 8, 9]).unwrap();
/// assert_eq!(kids.len(), 3);
/// let first = kids.clone().next().unwrap();
/// assert_eq!(tree.get(first).unwrap().mv, 7);
/// // One more node would need a block of two: the tree says so instead of panicking.
/// assert!(matches!(tree.expand(first, &[1, 2]), Err(TreeError::Full { .. })));
/// tree.reset();
/// assert!(tree.is_empty());
/// ```
///
/// Nodes live in `[Node<M>; N]` inside the tree itself, so a tree can be a `static` on a
/// microcontroller (its blank nodes are all zero bytes when `M::BLANK` is, so it lands in
/// `.bss` and costs no flash) or a long-lived value on the host. The children of a node are one
/// contiguous block, allocated at once by [`TreeInner::expand`]; nothing is ever freed one by
/// one: [`TreeInner::reset`] empties the whole tree in O(1) without touching the array.
///
/// A node is 16 bytes for one-byte moves such as [`Card`](crate::Card): `value: f32`,
/// `visits: u32`, the first child's index (`u32`), the child count (`u16`), the move and one
/// byte free for the search. The value is an `f32`: UCT recomputes an inner node's value from
/// its children's on every backup (mean or power mean, in `f64`), so the single rounding per
/// level does not accumulate, and 16-byte nodes fit half again as many into a microcontroller's
/// RAM as 24-byte ones would. A leaf's running mean does round at every update; with values up
/// to 13 its updates stall after about 10^7 visits to that one leaf, which only a search whose
/// tree stays full that long reaches.
///
/// A tree of millions of nodes is better built over storage of its own than as one value
/// (`Tree::new` builds the whole array, which may pass through the stack): see [`TreeInner`].
pub type Tree<M, const N: usize> = TreeInner<M, [Node<M>; N]>;

/// A tree over a slice borrowed from the caller: the same tree in a buffer that lives
/// elsewhere (a linker section, a region shared with other work).
pub type TreeSlice<'a, M> = TreeInner<M, &'a mut [Node<M>]>;

/// Where a tree keeps its nodes: any storage that lends them as a slice. A fixed array
/// ([`Tree`]), a borrowed slice ([`TreeSlice`]), or a host's `Vec<Node<M>>` or `Box<[Node<M>]>`
/// (made on the heap, never on the stack). Implemented for every such type.
pub trait Storage<M>: AsRef<[Node<M>]> + AsMut<[Node<M>]> {}

impl<M, S: AsRef<[Node<M>]> + AsMut<[Node<M>]> + ?Sized> Storage<M> for S {}

/// A search tree of moves `M` over node storage `S`: the one tree type, whatever holds the
/// nodes (the layout of `heapless::vec::VecInner`, which is the same vector over an owned or a
/// borrowed buffer). Its capacity is the storage's length. Searches take
/// `&mut TreeInner<M, S>` for any [`Storage`] `S`, so they run on each kind.
///
/// ```
/// use cardtree::{Node, TreeInner, TreeSlice};
///
/// // A host's large tree: nodes on the heap, no big value on the stack.
/// # let mut heap = [Node::<u8>::blank(); 3];
/// # let nodes: &mut [Node<u8>] = &mut heap;
/// let mut tree: TreeSlice<'_, u8> = TreeInner::over(nodes);
/// let root = tree.init().unwrap();
/// assert_eq!(tree.expand(root, &[1, 2]).unwrap().len(), 2);
/// assert_eq!(tree.free(), 0);
/// ```
#[derive(Clone)]
pub struct TreeInner<M, S> {
    len: u32,
    root: u32,
    nodes: S,
    _moves: core::marker::PhantomData<M>,
}

impl<M: Blank, const N: usize> Tree<M, N> {
    /// An empty tree. `const`, so it can initialise a `static`.
    pub const fn new() -> Tree<M, N> {
        TreeInner {
            len: 0,
            root: 0,
            nodes: [Node::BLANK; N],
            _moves: core::marker::PhantomData,
        }
    }
}

impl<M: Blank, const N: usize> Default for Tree<M, N> {
    fn default() -> Self {
        Tree::new()
    }
}

impl<M, S> TreeInner<M, S> {
    /// The number of bytes one node takes.
    pub const NODE_BYTES: usize = core::mem::size_of::<Node<M>>();

    /// An empty tree over `nodes`; what the slots hold does not matter, as every node is
    /// written when it is created.
    pub const fn over(nodes: S) -> TreeInner<M, S> {
        TreeInner {
            len: 0,
            root: 0,
            nodes,
            _moves: core::marker::PhantomData,
        }
    }

    /// Empties the tree in O(1): the array is not touched, slots are overwritten as the tree
    /// grows again. Ids from before the reset become unknown.
    pub fn reset(&mut self) {
        self.len = 0;
        self.root = 0;
    }

    /// The root, or `None` for an empty tree.
    #[must_use]
    pub const fn root(&self) -> Option<NodeId> {
        if self.root < self.len {
            Some(NodeId(self.root))
        } else {
            None
        }
    }

    /// The number of nodes in use.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the tree has no nodes (not even a root).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<M: Blank, S: Storage<M>> TreeInner<M, S> {
    /// Empties the tree and creates the root ([`NodeId::ROOT`], move [`Blank::BLANK`]).
    /// Fails only for a tree of capacity 0.
    pub fn init(&mut self) -> Result<NodeId, TreeError> {
        self.reset();
        match self.nodes.as_mut().first_mut() {
            Some(root) => {
                *root = Node::BLANK;
                self.len = 1;
                self.root = 0;
                Ok(NodeId::ROOT)
            }
            None => Err(TreeError::Full {
                capacity: 0,
                wanted: 1,
            }),
        }
    }
}

impl<M, S: Storage<M>> TreeInner<M, S> {
    /// Makes `id` the root, keeping its subtree and abandoning every other node (tree reuse:
    /// keep what a search learnt below the move actually played). O(1): abandoned nodes stay in
    /// the array, unreachable, until the next [`reset`](TreeInner::reset) or
    /// [`init`](TreeInner::init), so the free space does not grow back.
    pub fn reroot(&mut self, id: NodeId) -> Result<(), TreeError> {
        if self.get(id).is_none() {
            return Err(TreeError::UnknownNode(id));
        }
        self.root = id.0;
        Ok(())
    }

    /// The child of `parent` reached by `mv`, if it has been created.
    #[must_use]
    pub fn child_by_move(&self, parent: NodeId, mv: M) -> Option<NodeId>
    where
        M: PartialEq,
    {
        self.children(parent)
            .find(|&c| self.get(c).is_some_and(|n| n.mv == mv))
    }

    /// The most nodes the tree can hold: the storage's length (`N` for a [`Tree`]), at most
    /// `u32::MAX - 1` so that every id fits a [`NodeId`].
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.nodes.as_ref().len().min(NodeId::NONE.index())
    }

    /// How many more nodes fit.
    #[must_use]
    pub fn free(&self) -> usize {
        self.capacity().saturating_sub(self.len())
    }

    /// The node `id`, or `None` if there is no such node.
    #[must_use]
    pub fn get(&self, id: NodeId) -> Option<&Node<M>> {
        self.nodes.as_ref().get(..self.len())?.get(id.index())
    }

    /// The node `id` to update its statistics, or `None` if there is no such node.
    #[must_use]
    pub fn get_mut(&mut self, id: NodeId) -> Option<&mut Node<M>> {
        let len = self.len();
        self.nodes.as_mut().get_mut(..len)?.get_mut(id.index())
    }

    /// The children of `id` (empty if it has none or does not exist).
    pub fn children(&self, id: NodeId) -> Children {
        self.get(id).map_or(Children::EMPTY, Node::children)
    }

    /// The nodes of `id`'s children as one slice, in the order of [`children`](Self::children)
    /// (empty if it has none or does not exist): a search scans a block without an id lookup
    /// per child.
    #[must_use]
    pub fn child_nodes(&self, id: NodeId) -> &[Node<M>] {
        let Some(node) = self.get(id) else {
            return &[];
        };
        let start = node.first_child as usize;
        let end = start + node.child_count as usize;
        self.nodes
            .as_ref()
            .get(..self.len())
            .and_then(|n| n.get(start..end))
            .unwrap_or(&[])
    }

    /// Creates the children of `parent`, one per move, as one contiguous block, each with zero
    /// value and visits; returns them in the order of `moves`.
    ///
    /// An empty `moves` does nothing (a terminal node has no children). Errors, leaving the
    /// tree unchanged: [`TreeError::Full`] when the block does not fit,
    /// [`TreeError::UnknownNode`], [`TreeError::AlreadyExpanded`].
    pub fn expand(&mut self, parent: NodeId, moves: &[M]) -> Result<Children, TreeError>
    where
        M: Copy,
    {
        let start = self.len;
        let Some(node) = self.get(parent) else {
            return Err(TreeError::UnknownNode(parent));
        };
        if node.is_expanded() {
            return Err(TreeError::AlreadyExpanded(parent));
        }
        let full = TreeError::Full {
            capacity: self.capacity(),
            wanted: moves.len(),
        };
        if moves.len() > self.free() {
            trace!(
                "tree full: {} nodes wanted, {} free",
                moves.len(),
                self.free()
            );
            return Err(full);
        }
        // `len + moves.len() <= capacity < u32::MAX` now; the conversions fail only for blocks
        // of more than 65535 children.
        let end = self.len() + moves.len();
        let (Ok(count), Ok(end32)) = (u16::try_from(moves.len()), u32::try_from(end)) else {
            return Err(full);
        };
        let nodes = self.nodes.as_mut();
        let Some(block) = nodes.get_mut(start as usize..end) else {
            return Err(full);
        };
        for (slot, &mv) in block.iter_mut().zip(moves) {
            *slot = Node::new(mv);
        }
        if let Some(p) = nodes.get_mut(parent.index()) {
            p.first_child = start;
            p.child_count = count;
        }
        self.len = end32;
        Ok(Children {
            next: start,
            end: end32,
        })
    }
}

impl<M: fmt::Debug, S: Storage<M>> fmt::Debug for TreeInner<M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tree")
            .field("len", &self.len)
            .field("capacity", &self.capacity())
            .field(
                "root",
                &self.nodes.as_ref().first().filter(|_| self.len > 0),
            )
            .finish()
    }
}

/// The ids of one node's children, in creation order; exact-size, reversible and fused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct Children {
    next: u32,
    end: u32,
}

impl Children {
    /// No children.
    pub const EMPTY: Children = Children { next: 0, end: 0 };

    /// The `i`-th remaining child, if there is one.
    #[must_use]
    pub fn nth_id(&self, i: usize) -> Option<NodeId> {
        let i = u32::try_from(i).ok()?;
        let id = self.next.checked_add(i)?;
        (id < self.end).then_some(NodeId(id))
    }
}

impl Iterator for Children {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        if self.next < self.end {
            self.next += 1;
            Some(NodeId(self.next - 1))
        } else {
            None
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end.saturating_sub(self.next) as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Children {
    fn next_back(&mut self) -> Option<NodeId> {
        if self.next < self.end {
            self.end -= 1;
            Some(NodeId(self.end))
        } else {
            None
        }
    }
}

impl ExactSizeIterator for Children {}
impl FusedIterator for Children {}

/// `Node<Card>` is 16 bytes, as documented.
const _: () = assert!(core::mem::size_of::<Node<Card>>() == 16);

#[cfg(test)]
mod tests {
    use super::*;

    static STATIC_TREE: Tree<Card, 64> = Tree::new();

    #[test]
    fn node_sizes() {
        assert_eq!(Tree::<Card, 1>::NODE_BYTES, 16);
        assert_eq!(Tree::<u8, 1>::NODE_BYTES, 16);
        assert_eq!(STATIC_TREE.len(), 0);
        assert_eq!(STATIC_TREE.capacity(), 64);
    }

    #[test]
    fn expand_and_walk() {
        let mut t: Tree<u8, 10> = Tree::new();
        assert_eq!(t.get(NodeId::ROOT), None);
        let root = t.init().unwrap();
        let kids = t.expand(root, &[1, 2, 3]).unwrap();
        assert_eq!(kids.len(), 3);
        let ids: heapless::Vec<NodeId, 3> = kids.clone().collect();
        assert_eq!(t.children(root), kids);
        assert_eq!(kids.clone().next_back(), Some(ids[2]));
        assert_eq!(kids.nth_id(1), Some(ids[1]));
        assert_eq!(kids.nth_id(3), None);
        let mv: heapless::Vec<u8, 3> = kids.map(|id| t.get(id).unwrap().mv).collect();
        assert_eq!(&mv[..], &[1, 2, 3]);
        let g = t.expand(ids[1], &[4, 5]).unwrap();
        assert_eq!(t.len(), 6);
        let n = t.get_mut(g.clone().next().unwrap()).unwrap();
        n.visits += 1;
        n.value = 0.5;
        assert_eq!(t.get(NodeId::ROOT).unwrap().child_count(), 3);
        assert!(t.get(ids[1]).unwrap().is_expanded());
        assert!(!t.get(ids[0]).unwrap().is_expanded());
        // Terminal nodes: empty moves is fine and leaves the node unexpanded.
        assert_eq!(t.expand(ids[0], &[]).unwrap().len(), 0);
        assert_eq!(t.len(), 6);
    }

    #[test]
    fn capacity_is_an_error_not_a_panic() {
        let mut t: Tree<u8, 4> = Tree::new();
        let root = t.init().unwrap();
        assert_eq!(
            t.expand(root, &[1, 2, 3, 4]),
            Err(TreeError::Full {
                capacity: 4,
                wanted: 4
            })
        );
        assert_eq!(t.len(), 1, "a failed expand changes nothing");
        let kids = t.expand(root, &[1, 2, 3]).unwrap();
        assert_eq!(t.free(), 0);
        let a = kids.clone().next().unwrap();
        assert_eq!(
            t.expand(a, &[9]),
            Err(TreeError::Full {
                capacity: 4,
                wanted: 1
            })
        );
        assert_eq!(t.expand(root, &[9]), Err(TreeError::AlreadyExpanded(root)));
        assert_eq!(
            t.expand(NodeId(7), &[9]),
            Err(TreeError::UnknownNode(NodeId(7)))
        );
        assert_eq!(
            t.expand(NodeId::NONE, &[9]),
            Err(TreeError::UnknownNode(NodeId::NONE))
        );
        let mut empty: Tree<u8, 0> = Tree::new();
        assert_eq!(
            empty.init(),
            Err(TreeError::Full {
                capacity: 0,
                wanted: 1
            })
        );
    }

    #[test]
    fn reroot_keeps_the_subtree() {
        let mut t: Tree<u8, 8> = Tree::new();
        assert_eq!(t.root(), None);
        let root = t.init().unwrap();
        assert_eq!(t.root(), Some(root));
        let _ = t.expand(root, &[1, 2]).unwrap();
        let two = t.child_by_move(root, 2).unwrap();
        assert_eq!(t.child_by_move(root, 3), None);
        let below = t.expand(two, &[5, 6]).unwrap();
        t.reroot(two).unwrap();
        assert_eq!(t.root(), Some(two));
        assert_eq!(t.children(two), below);
        assert_eq!(
            t.reroot(NodeId(99)),
            Err(TreeError::UnknownNode(NodeId(99)))
        );
        assert_eq!(t.root(), Some(two));
        assert_eq!(t.init(), Ok(NodeId::ROOT));
        assert_eq!(t.root(), Some(NodeId::ROOT));
    }

    #[test]
    fn reset_reuses_without_clearing() {
        let mut t: Tree<u8, 8> = Tree::new();
        let root = t.init().unwrap();
        let kids = t.expand(root, &[1, 2]).unwrap();
        let old = kids.clone().next().unwrap();
        t.get_mut(old).unwrap().visits = 99;
        t.reset();
        assert!(t.is_empty());
        assert_eq!(t.get(old), None, "ids from before the reset are unknown");
        let root = t.init().unwrap();
        assert_eq!(
            t.get(root).unwrap().child_count(),
            0,
            "the new root has no stale children"
        );
        let kids = t.expand(root, &[5]).unwrap();
        let n = t.get(kids.clone().next().unwrap()).unwrap();
        assert_eq!((n.mv, n.visits), (5, 0), "reused slots start fresh");
    }
}
