//! Independent items on worker threads, each worker with its own state (a solver table, a
//! tree): the host's one way to spread a list over cores outside the experiment runner.
//! Results come back in the items' order, whatever the number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The stack of a worker thread: 8 MiB, the size of a main thread's on Linux (large search
/// trees live on the heap, see [`heap_tree`](crate::heap_tree)).
pub const STACK_BYTES: usize = 8 << 20;

/// `f(state, item)` for every item on `threads` threads (0: one per core), each thread with
/// its own `make()`; the results in item order. A worker that panics loses its items, which
/// come back as `Err` with `lost`'s message.
pub fn map<T: Sync, R: Send, S>(
    items: &[T],
    threads: usize,
    make: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> Result<R, String> + Sync,
) -> Vec<Result<R, String>> {
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, Result<R, String>)>> = Mutex::new(Vec::new());
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
    .clamp(1, items.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let builder = std::thread::Builder::new().stack_size(STACK_BYTES);
            // A thread that cannot be started leaves its share to the others (or, if none
            // started, every item comes back as lost).
            let _ = builder.spawn_scoped(scope, || {
                let mut state = make();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else {
                        break;
                    };
                    let r = f(&mut state, item);
                    if let Ok(mut d) = done.lock() {
                        d.push((index, r));
                    }
                }
            });
        }
    });
    let mut out: Vec<Option<Result<R, String>>> = (0..items.len()).map(|_| None).collect();
    for (i, r) in done.into_inner().unwrap_or_default() {
        if let Some(slot) = out.get_mut(i) {
            *slot = Some(r);
        }
    }
    out.into_iter()
        .map(|r| r.unwrap_or_else(|| Err("a worker thread failed".to_string())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_and_state() {
        let items: Vec<u32> = (0..100).collect();
        for threads in [1, 2, 5] {
            let out = map(
                &items,
                threads,
                || 0u32,
                |count, &x| {
                    *count += 1;
                    if x == 7 {
                        Err("seven".to_string())
                    } else {
                        Ok(x * 2)
                    }
                },
            );
            assert_eq!(out.len(), 100);
            for (i, r) in out.iter().enumerate() {
                if i == 7 {
                    assert_eq!(r.as_ref().unwrap_err(), "seven");
                } else {
                    assert_eq!(*r.as_ref().unwrap(), 2 * i as u32);
                }
            }
        }
        assert!(map(&[] as &[u32], 2, || (), |_, &x| Ok(x)).is_empty());
    }
}
