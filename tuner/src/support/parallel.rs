//! Work split over threads: a slice cut into one contiguous chunk per
//! thread, each chunk handed to `work` with its offset in the slice, the
//! results returned in slice order. A panic in a worker is passed on.

/// The threads a command runs on: those `requested`, else one per core.
pub fn thread_count(requested: Option<usize>) -> usize {
    requested.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1)
}

/// The chunk length that gives each of `threads` threads one chunk.
fn chunk_length(items: usize, threads: usize) -> usize {
    items.div_ceil(threads.max(1)).max(1)
}

pub fn over_chunks<I: Sync, T: Send>(items: &[I], threads: usize, work: impl Fn(usize, &[I]) -> T + Sync) -> Vec<T> {
    let length = chunk_length(items.len(), threads);
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = items
            .chunks(length)
            .enumerate()
            .map(|(index, chunk)| scope.spawn(move || work(index * length, chunk)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    })
}

pub fn over_chunks_mut<I: Send, T: Send>(
    items: &mut [I],
    threads: usize,
    work: impl Fn(&mut [I]) -> T + Sync,
) -> Vec<T> {
    let length = chunk_length(items.len(), threads);
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = items.chunks_mut(length).map(|chunk| scope.spawn(move || work(chunk))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_slice_once_in_order() {
        let items: Vec<u32> = (0..10).collect();
        let parts = over_chunks(&items, 3, |offset, chunk| (offset, chunk.to_vec()));
        assert_eq!(parts.iter().map(|p| p.0).collect::<Vec<_>>(), vec![0, 4, 8]);
        assert_eq!(parts.into_iter().flat_map(|p| p.1).collect::<Vec<_>>(), items);
        let mut doubled = items.clone();
        over_chunks_mut(&mut doubled, 4, |chunk| chunk.iter_mut().for_each(|x| *x *= 2));
        assert_eq!(doubled, items.iter().map(|x| x * 2).collect::<Vec<_>>());
    }

    #[test]
    fn more_threads_than_items_and_no_items_are_fine() {
        assert_eq!(over_chunks(&[7], 8, |_, chunk| chunk.len()), vec![1]);
        assert!(over_chunks(&[] as &[u8], 2, |_, chunk| chunk.len()).is_empty());
    }
}
