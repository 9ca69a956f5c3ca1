//! Generational slab storage for operations, blocks and regions.
//!
//! Each slot carries a generation that is bumped when its entity is erased,
//! so a handle (`index`, `generation`) to erased IR is detected on use
//! instead of silently reading whatever now occupies the slot. Slots live in
//! fixed-size chunks, so growing the slab never moves existing entities
//! (no 2x copy spike at 10^6 ops, and stable addresses for a future
//! per-partition parallel mode, see `docs/ARCHITECTURE.md`). Freed slots are
//! reused in LIFO order, which keeps allocation deterministic.

const CHUNK_BITS: u32 = 12;
const CHUNK: usize = 1 << CHUNK_BITS;
const MASK: u32 = (CHUNK as u32) - 1;

struct Slot<T> {
    generation: u32,
    value: Option<T>,
}

pub(crate) struct Slab<T> {
    chunks: Vec<Vec<Slot<T>>>,
    len: u32,
    free: Vec<u32>,
    live: u32,
}

impl<T> Default for Slab<T> {
    fn default() -> Self {
        Slab {
            chunks: Vec::new(),
            len: 0,
            free: Vec::new(),
            live: 0,
        }
    }
}

impl<T> Slab<T> {
    /// Inserts `value` and returns its (index, generation).
    pub fn insert(&mut self, value: T) -> (u32, u32) {
        self.live += 1;
        if let Some(index) = self.free.pop() {
            let slot = self.slot_mut(index);
            debug_assert!(slot.value.is_none());
            slot.value = Some(value);
            return (index, slot.generation);
        }
        let index = self.len;
        assert!(index < u32::MAX - 1, "IR entity limit reached");
        if (index >> CHUNK_BITS) as usize == self.chunks.len() {
            // The first chunk grows on demand so that the many small arenas
            // of the parallel pass manager (one per function) stay small;
            // later chunks are allocated whole and never move.
            let chunk = if self.chunks.is_empty() {
                Vec::new()
            } else {
                Vec::with_capacity(CHUNK)
            };
            self.chunks.push(chunk);
        }
        self.chunks
            .last_mut()
            .expect("chunk allocated above")
            .push(Slot {
                generation: 0,
                value: Some(value),
            });
        self.len += 1;
        (index, 0)
    }

    /// Makes room for `n` more entities while the slab is still within its
    /// first chunk (which grows on demand), so that filling it does not
    /// reallocate and copy.
    pub fn reserve_first_chunk(&mut self, n: usize) {
        match self.chunks.len() {
            0 => self.chunks.push(Vec::with_capacity(n.clamp(1, CHUNK))),
            1 => {
                let c = &mut self.chunks[0];
                let want = (c.len() + n).min(CHUNK);
                c.reserve(want.saturating_sub(c.len()));
            }
            _ => {}
        }
    }

    /// Removes the entity at `index`, invalidating all handles to it.
    pub fn remove(&mut self, index: u32) -> T {
        let slot = self.slot_mut(index);
        let value = slot.value.take().expect("removing a free slot");
        slot.generation = slot.generation.wrapping_add(1);
        self.free.push(index);
        self.live -= 1;
        value
    }

    /// The slot at `index`. One comparison against `len` stands in for the
    /// two bounds checks of the chunk table and the chunk: handle lookups
    /// are the IR's most frequent operation (about a tenth of the
    /// instructions of a canonicalizer run went to indexing here).
    #[inline]
    fn slot(&self, index: u32) -> &Slot<T> {
        assert!(index < self.len, "IR slot index out of bounds");
        // SAFETY: `index < self.len`, and `insert` is the only place that
        // grows the slab: it pushes slots in index order, one at a time,
        // into the last chunk, starting a new chunk exactly when the last
        // one holds `CHUNK` slots, and bumps `len` after each push; nothing
        // ever pops a slot (`remove` only empties it). So every chunk but
        // the last holds `CHUNK` slots and the last holds
        // `len - (chunks - 1) * CHUNK`; chunk `index >> CHUNK_BITS` exists
        // and holds more than `index & MASK` slots.
        unsafe {
            self.chunks
                .get_unchecked((index >> CHUNK_BITS) as usize)
                .get_unchecked((index & MASK) as usize)
        }
    }

    #[inline]
    fn slot_mut(&mut self, index: u32) -> &mut Slot<T> {
        assert!(index < self.len, "IR slot index out of bounds");
        // SAFETY: as in `slot`.
        unsafe {
            self.chunks
                .get_unchecked_mut((index >> CHUNK_BITS) as usize)
                .get_unchecked_mut((index & MASK) as usize)
        }
    }

    /// The live entity at `index` with generation `generation`, if any.
    #[inline]
    pub fn get(&self, index: u32, generation: u32) -> Option<&T> {
        if index >= self.len {
            return None;
        }
        let slot = self.slot(index);
        if slot.generation != generation {
            return None;
        }
        slot.value.as_ref()
    }

    #[inline]
    pub fn get_mut(&mut self, index: u32, generation: u32) -> Option<&mut T> {
        if index >= self.len {
            return None;
        }
        let slot = self.slot_mut(index);
        if slot.generation != generation {
            return None;
        }
        slot.value.as_mut()
    }

    /// The live entity at `index`, ignoring generations. Used for internal
    /// links (use lists, intrusive lists) that the IR keeps consistent itself.
    #[inline]
    pub fn at(&self, index: u32) -> &T {
        self.slot(index)
            .value
            .as_ref()
            .expect("internal IR link to an erased entity")
    }

    #[inline]
    pub fn at_mut(&mut self, index: u32) -> &mut T {
        self.slot_mut(index)
            .value
            .as_mut()
            .expect("internal IR link to an erased entity")
    }

    #[inline]
    pub fn generation(&self, index: u32) -> u32 {
        self.slot(index).generation
    }

    /// One more than the highest slot index ever used (for side tables by slot).
    pub fn slot_bound(&self) -> u32 {
        self.len
    }

    /// Number of live entities.
    pub fn live(&self) -> u32 {
        self.live
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_generation_is_rejected() {
        let mut s = Slab::default();
        let (i, g) = s.insert("a");
        assert_eq!(s.get(i, g), Some(&"a"));
        s.remove(i);
        assert_eq!(s.get(i, g), None);
        let (j, g2) = s.insert("b");
        assert_eq!(i, j);
        assert_ne!(g, g2);
        assert_eq!(s.get(i, g), None);
        assert_eq!(s.get(j, g2), Some(&"b"));
    }

    /// Exercises `slot`'s unchecked indexing at every chunk boundary, after
    /// removals and reuse, and its bounds check just past the end.
    #[test]
    fn slots_at_chunk_boundaries() {
        let mut s = Slab::default();
        let n = CHUNK as u32 * 3 + 1;
        let handles: Vec<(u32, u32)> = (0..n).map(|k| s.insert(k)).collect();
        for &b in &[0, CHUNK as u32 - 1, CHUNK as u32, 2 * CHUNK as u32, n - 1] {
            let (i, g) = handles[b as usize];
            assert_eq!(s.get(i, g), Some(&b));
            assert_eq!(s.generation(i), g);
        }
        assert_eq!(s.get(n, 0), None);
        let (i, _) = handles[CHUNK];
        s.remove(i);
        let (j, g) = s.insert(7);
        assert_eq!((j, s.get(j, g)), (i, Some(&7)));
        assert_eq!(s.slot_bound(), n);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| s.generation(n)));
        assert!(r.is_err(), "an index past the end must panic, not read");
    }

    #[test]
    fn grows_across_chunks() {
        let mut s = Slab::default();
        for k in 0..(CHUNK as u32 * 2 + 5) {
            let (i, _) = s.insert(k);
            assert_eq!(i, k);
        }
        assert_eq!(*s.at(CHUNK as u32 + 1), CHUNK as u32 + 1);
        assert_eq!(s.live(), CHUNK as u32 * 2 + 5);
    }
}
