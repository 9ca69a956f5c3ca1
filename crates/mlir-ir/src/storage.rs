//! Append-only, thread-safe storage used by the context's uniquers.
//!
//! Interned entities (types, attributes, identifiers, operation names) are
//! never freed while their `Context` lives, exactly as in MLIR. That lets us
//! hand out plain `u32` handles and resolve them to `&T` without taking a lock:
//! [`AppendVec`] stores elements in buckets of doubling size whose addresses
//! never change, and publishes each bucket through an atomic pointer. Writers
//! (interning a new value) are serialised by the [`Interner`]'s mutex; readers
//! (every `ctx.ty(t)` on the matching hot path) only do two loads.

use std::hash::{BuildHasher, Hash};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::Mutex;

use hashbrown::HashTable;

/// Number of buckets; bucket `b` holds `FIRST << b` elements, so 27 buckets
/// hold more than 2^32 elements in total.
const BUCKETS: usize = 27;
const FIRST_SHIFT: u32 = 5;
const FIRST: usize = 1 << FIRST_SHIFT;

/// An append-only vector with stable element addresses and lock-free reads.
pub struct AppendVec<T> {
    buckets: [AtomicPtr<MaybeUninit<T>>; BUCKETS],
    len: AtomicU32,
}

// SAFETY: elements are only written before `len` is published (release) and
// never mutated afterwards; readers observe them through an acquire load.
unsafe impl<T: Send + Sync> Sync for AppendVec<T> {}
unsafe impl<T: Send> Send for AppendVec<T> {}

impl<T> Default for AppendVec<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[inline]
fn locate(index: u32) -> (usize, usize) {
    let i = index as usize + FIRST;
    let bucket = (usize::BITS - 1 - i.leading_zeros()) as usize - FIRST_SHIFT as usize;
    let offset = i - (FIRST << bucket);
    (bucket, offset)
}

impl<T> AppendVec<T> {
    pub fn new() -> Self {
        AppendVec {
            buckets: std::array::from_fn(|_| AtomicPtr::new(std::ptr::null_mut())),
            len: AtomicU32::new(0),
        }
    }

    pub fn len(&self) -> u32 {
        self.len.load(Ordering::Acquire)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Returns the element at `index`. Panics if `index` was never pushed,
    /// which for context handles means a handle from another context.
    #[inline]
    pub fn get(&self, index: u32) -> &T {
        assert!(index < self.len(), "handle does not belong to this context");
        let (bucket, offset) = locate(index);
        let ptr = self.buckets[bucket].load(Ordering::Acquire);
        // SAFETY: index < len, so the bucket was allocated and the slot initialised
        // before `len` was released past it.
        unsafe { (*ptr.add(offset)).assume_init_ref() }
    }

    /// Appends `value`. Callers must serialise pushes (the interner's mutex does).
    pub fn push_serialized(&self, value: T) -> u32 {
        let index = self.len.load(Ordering::Relaxed);
        let (bucket, offset) = locate(index);
        let mut ptr = self.buckets[bucket].load(Ordering::Acquire);
        if ptr.is_null() {
            let size = FIRST << bucket;
            let mut v: Vec<MaybeUninit<T>> = Vec::with_capacity(size);
            // SAFETY: MaybeUninit needs no initialisation.
            unsafe { v.set_len(size) };
            ptr = Box::into_raw(v.into_boxed_slice()) as *mut MaybeUninit<T>;
            self.buckets[bucket].store(ptr, Ordering::Release);
        }
        // SAFETY: the slot is in bounds of its bucket and not yet visible to readers.
        unsafe { (*ptr.add(offset)).write(value) };
        self.len.store(index + 1, Ordering::Release);
        index
    }
}

impl<T> Drop for AppendVec<T> {
    fn drop(&mut self) {
        let len = *self.len.get_mut();
        for i in 0..len {
            let (b, o) = locate(i);
            let ptr = *self.buckets[b].get_mut();
            // SAFETY: every slot below len was initialised exactly once.
            unsafe { (*ptr.add(o)).assume_init_drop() };
        }
        for (b, bucket) in self.buckets.iter_mut().enumerate() {
            let ptr = *bucket.get_mut();
            if !ptr.is_null() {
                let size = FIRST << b;
                // SAFETY: allocated in push_serialized as a boxed slice of `size`.
                unsafe {
                    drop(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, size)));
                }
            }
        }
    }
}

/// Entries of the per-thread cache in front of the interners' tables.
const INTERN_CACHE_SIZE: usize = 1024;

thread_local! {
    /// `(interner address, 32-bit hash, id)` of values recently interned on
    /// this thread, direct-mapped by hash and interner. Interning takes the
    /// interner's lock and probes a table shared by all threads; with the
    /// pass manager's threads interning at once (folded constants, their
    /// property dictionaries, fused locations), the lock and the table's
    /// cache lines moved between cores on every call. Most of those values
    /// repeat (small constants, the same dictionaries), so a small cache
    /// answers them from this core.
    static INTERN_CACHE: [std::cell::Cell<(usize, u32, u32)>; INTERN_CACHE_SIZE] =
        const { [const { std::cell::Cell::new((0, 0, 0)) }; INTERN_CACHE_SIZE] };
}

/// The cache slot of hash `h` in the interner at address `me`.
#[inline]
fn cache_slot(me: usize, h: u32) -> usize {
    ((h ^ (me >> 4) as u32).wrapping_mul(0x9E37_79B9) >> 22) as usize % INTERN_CACHE_SIZE
}

/// A uniquer: maps values to dense `u32` ids; equal values get equal ids.
///
/// The table stores each id with 32 bits of its hash: probes compare those
/// before touching the (cold) item, and growing the table never re-hashes
/// items. Locations make this matter: every op of a parsed file interns a
/// distinct `FileLineColLoc`.
pub struct Interner<T> {
    items: AppendVec<T>,
    table: Mutex<HashTable<(u32, u32)>>,
    hasher: hashbrown::DefaultHashBuilder,
}

/// Spreads a 32-bit hash over 64 bits (hashbrown uses the top 7 bits as tag).
#[inline]
fn spread(h: u32) -> u64 {
    (h as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<T: Hash + Eq> Default for Interner<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Hash + Eq> Interner<T> {
    pub fn new() -> Self {
        Interner {
            items: AppendVec::new(),
            table: Mutex::new(HashTable::new()),
            hasher: Default::default(),
        }
    }

    #[inline]
    pub fn get(&self, id: u32) -> &T {
        self.items.get(id)
    }

    pub fn len(&self) -> u32 {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Returns the id of `value`, inserting it if it is new.
    pub fn intern(&self, value: T) -> u32 {
        let h = (self.hasher.hash_one(&value) >> 32) as u32;
        let me = self as *const Self as usize;
        let slot = cache_slot(me, h);
        // A value this thread interned recently is answered without the lock.
        // The entry is only a hint: it counts when the id it names holds an
        // equal value, and then that id is the value's (ids are unique per
        // value), even if the entry was left by an interner that used to
        // live at this address.
        let (addr, eh, id) = INTERN_CACHE.with(|c| c[slot].get());
        if addr == me && eh == h && id < self.items.len() && *self.items.get(id) == value {
            return id;
        }
        let id = {
            let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
            match table.find(spread(h), |&(id, eh)| {
                eh == h && *self.items.get(id) == value
            }) {
                Some(&(id, _)) => id,
                None => {
                    let id = self.items.push_serialized(value);
                    table.insert_unique(spread(h), (id, h), |&(_, eh)| spread(eh));
                    id
                }
            }
        };
        INTERN_CACHE.with(|c| c[slot].set((me, h, id)));
        id
    }

    /// Looks `value` up without inserting it.
    pub fn lookup<Q>(&self, value: &Q) -> Option<u32>
    where
        Q: Hash + ?Sized,
        T: std::borrow::Borrow<Q>,
        Q: PartialEq,
    {
        let h = (self.hasher.hash_one(value) >> 32) as u32;
        let table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        table
            .find(spread(h), |&(id, eh)| {
                eh == h && self.items.get(id).borrow() == value
            })
            .map(|&(id, _)| id)
    }
}

impl<T> Interner<T> {
    /// Appends `value` without entering it in the hash table, for values a
    /// side table ([`LineColTable`]) uniques instead; such values must never
    /// be passed to [`Interner::intern`], or they would get a second id.
    pub fn push_unindexed(&self, value: T) -> u32 {
        // The table's lock serialises this push with `intern`'s.
        let _table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        self.items.push_serialized(value)
    }
}

/// A uniquer of `(file, line, column)` triples, for the one location every
/// parsed op carries.
///
/// In the general [`Interner`] each new location is a probe and an insert at
/// a random slot of a table of millions of entries: a cache miss per op, a
/// tenth of the wall time of parsing 10^6 ops. Parsers ask for one file's
/// locations in increasing line order, so this table keeps, per file, a
/// vector indexed by line that holds the first column seen on that line;
/// the lookups walk it sequentially. Further columns of a line, and lines
/// far past the end of the vector (a hand-written `loc("f":4000000000:1)`
/// must not allocate gigabytes), go to a hash map.
#[derive(Default)]
pub struct LineColTable {
    inner: Mutex<LineColFiles>,
}

#[derive(Default)]
struct LineColFiles {
    files: hashbrown::HashMap<u32, FileLines>,
}

#[derive(Default)]
struct FileLines {
    /// `first[line] = (column, id)`; `id == u32::MAX` marks an empty line.
    first: Vec<(u32, u32)>,
    rest: hashbrown::HashMap<(u32, u32), u32>,
}

/// How far past the end of a file's line vector a line may be and still
/// grow the vector (beyond doubling it).
const LINE_SLACK: usize = 4096;

impl LineColTable {
    /// The id of `(file, line, col)`; `insert` makes one (it runs under this
    /// table's lock, so each triple gets exactly one id) when the triple is new.
    pub fn get_or_insert(
        &self,
        file: u32,
        line: u32,
        col: u32,
        insert: impl FnOnce() -> u32,
    ) -> u32 {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let lines = inner.files.entry(file).or_default();
        let l = line as usize;
        if l >= lines.first.len() && l <= lines.first.len() * 2 + LINE_SLACK {
            lines.first.resize(l + 1, (0, u32::MAX));
        }
        if let Some(slot) = lines.first.get_mut(l) {
            if slot.1 == u32::MAX {
                let id = insert();
                *slot = (col, id);
                return id;
            }
            if slot.0 == col {
                return slot.1;
            }
        }
        *lines.rest.entry((line, col)).or_insert_with(insert)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_vec_spans_buckets() {
        let v = AppendVec::new();
        for i in 0..10_000u32 {
            assert_eq!(v.push_serialized(i * 3), i);
        }
        for i in 0..10_000u32 {
            assert_eq!(*v.get(i), i * 3);
        }
    }

    #[test]
    fn interner_uniques() {
        let i: Interner<String> = Interner::new();
        let a = i.intern("a".to_string());
        let b = i.intern("b".to_string());
        assert_ne!(a, b);
        assert_eq!(i.intern("a".to_string()), a);
        assert_eq!(i.lookup("b"), Some(b));
        assert_eq!(i.lookup("c"), None);
    }

    #[test]
    fn interner_is_thread_safe() {
        let i: Interner<u64> = Interner::new();
        std::thread::scope(|s| {
            for t in 0..4 {
                let i = &i;
                s.spawn(move || {
                    for k in 0..1000u64 {
                        let id = i.intern(k % 500 + t);
                        assert_eq!(*i.get(id), k % 500 + t);
                    }
                });
            }
        });
        assert_eq!(i.len(), 503);
    }

    #[test]
    fn interners_at_one_address_do_not_share_cached_ids() {
        // The second interner is likely to live where the first did: the
        // per-thread cache must not hand it the first one's ids.
        for _ in 0..3 {
            let i: Interner<String> = Interner::new();
            let b = i.intern("b".to_string());
            assert_eq!(i.intern("b".to_string()), b);
            assert_eq!(i.lookup("b"), Some(b));
            drop(i);
            let j: Interner<String> = Interner::new();
            let a = j.intern("a".to_string());
            let b2 = j.intern("b".to_string());
            assert_eq!((a, b2), (0, 1));
            assert_eq!(j.intern("b".to_string()), 1);
            assert_eq!(j.get(1), "b");
        }
    }

    #[test]
    fn line_col_table_uniques_every_shape() {
        let t = LineColTable::default();
        let mut next = 0u32;
        let mut ids = std::collections::HashMap::new();
        // In order, repeated columns on a line, a line far past the end (the
        // hash map), line 0, a second file, and a re-query of everything.
        let triples: Vec<(u32, u32, u32)> = (0..200)
            .map(|i| (1, i / 2, i % 3))
            .chain([
                (1, 4_000_000_000, 7),
                (1, 0, 9),
                (2, 5, 1),
                (2, 5, 2),
                (1, u32::MAX, 0),
            ])
            .collect();
        for _ in 0..2 {
            for &(f, l, c) in &triples {
                let id = t.get_or_insert(f, l, c, || {
                    next += 1;
                    next
                });
                assert_eq!(*ids.entry((f, l, c)).or_insert(id), id, "{f}:{l}:{c}");
            }
        }
        let distinct: std::collections::HashSet<_> = ids.values().collect();
        assert_eq!(distinct.len(), ids.len());
        assert_eq!(next as usize, ids.len());
    }
}
