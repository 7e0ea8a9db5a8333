//! The cardtree host: files, threads and terminals around the `cardtree` core.
