//! The search tree driven by bytes against `cardtree_fuzz::TreeModel` (a vector of nodes):
//! init, expand, reroot, reset, statistics and look-ups on a slice-backed tree of 0 to 40
//! nodes; after every operation the tree and the model agree on every node, and errors are
//! the model's.
#![no_main]

use cardtree::{Node, NodeId, TreeError, TreeInner, TreeSlice};
use cardtree_fuzz::{Bytes, ModelNode, TreeModel};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let capacity = bytes.below(41);
    let mut buffer = vec![Node::<u8>::blank(); capacity];
    let mut tree: TreeSlice<'_, u8> = TreeInner::over(&mut buffer[..]);
    let mut model = TreeModel {
        capacity,
        ..TreeModel::default()
    };
    while bytes.has_more() {
        let id = bytes.below(model.nodes.len() + 3);
        let node = NodeId::from_index(id).expect("small ids");
        let known = id < model.nodes.len();
        match bytes.byte() % 6 {
            0 => {
                let r = tree.init();
                if capacity == 0 {
                    assert_eq!(
                        r,
                        Err(TreeError::Full {
                            capacity: 0,
                            wanted: 1
                        })
                    );
                    model.nodes.clear();
                    model.root = None;
                } else {
                    assert_eq!(r, Ok(NodeId::ROOT));
                    model.nodes = vec![ModelNode {
                        mv: 0,
                        children: Vec::new(),
                        visits: 0,
                    }];
                    model.root = Some(0);
                }
            }
            1 => {
                let moves: Vec<u8> = (0..bytes.below(7)).map(|_| bytes.byte()).collect();
                let r = tree.expand(node, &moves);
                let free = capacity - model.nodes.len();
                let want = if !known {
                    Err(TreeError::UnknownNode(node))
                } else if !model.nodes[id].children.is_empty() {
                    Err(TreeError::AlreadyExpanded(node))
                } else if moves.len() > free {
                    Err(TreeError::Full {
                        capacity,
                        wanted: moves.len(),
                    })
                } else {
                    let first = model.nodes.len();
                    for &mv in &moves {
                        model.nodes.push(ModelNode {
                            mv,
                            children: Vec::new(),
                            visits: 0,
                        });
                    }
                    model.nodes[id].children = (first..first + moves.len()).collect();
                    Ok(model.nodes[id].children.clone())
                };
                let got = r.map(|c| c.map(NodeId::index).collect::<Vec<_>>());
                assert_eq!(got, want);
            }
            2 => {
                let r = tree.reroot(node);
                if known {
                    assert_eq!(r, Ok(()));
                    model.root = Some(id);
                } else {
                    assert_eq!(r, Err(TreeError::UnknownNode(node)));
                }
            }
            3 => {
                tree.reset();
                model.nodes.clear();
                model.root = None;
            }
            4 => {
                let visits = u32::from(bytes.u16());
                match tree.get_mut(node) {
                    Some(n) => {
                        assert!(known);
                        n.visits = visits;
                        model.nodes[id].visits = visits;
                    }
                    None => assert!(!known),
                }
            }
            _ => {
                let mv = bytes.byte();
                let got = tree.child_by_move(node, mv).map(NodeId::index);
                let want = known
                    .then(|| model.nodes[id].children.iter().copied())
                    .into_iter()
                    .flatten()
                    .find(|&c| model.nodes[c].mv == mv);
                assert_eq!(got, want);
            }
        }
        check(&tree, &model);
    }
});

fn check(tree: &TreeSlice<'_, u8>, model: &TreeModel) {
    assert_eq!(tree.len(), model.nodes.len());
    assert_eq!(tree.is_empty(), model.nodes.is_empty());
    assert_eq!(tree.capacity(), model.capacity);
    assert_eq!(tree.free(), model.capacity - model.nodes.len());
    assert_eq!(tree.root().map(NodeId::index), model.root);
    for (i, m) in model.nodes.iter().enumerate() {
        let id = NodeId::from_index(i).expect("small ids");
        let n = tree.get(id).expect("a live node");
        assert_eq!((n.mv, n.visits), (m.mv, m.visits), "node {i}");
        let kids: Vec<usize> = tree.children(id).map(NodeId::index).collect();
        assert_eq!(kids, m.children, "children of {i}");
        assert_eq!(n.child_count(), m.children.len());
        assert_eq!(n.is_expanded(), !m.children.is_empty());
    }
    let past = NodeId::from_index(model.nodes.len()).expect("small ids");
    assert!(tree.get(past).is_none());
    assert_eq!(tree.children(past).len(), 0);
}
