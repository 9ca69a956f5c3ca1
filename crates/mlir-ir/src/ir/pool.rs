//! A pool of small lists (operand lists, result lists) stored in one vector,
//! in the spirit of cranelift-entity's `ListPool`.
//!
//! An op's operands or results would otherwise each be a separate heap
//! allocation (plus allocator overhead) per op; at 10^6 ops that was a
//! third of the IR's memory and a large share of parse time. Here a list is
//! a `(start, len)` pair into a shared vector; blocks come in power-of-two
//! size classes with one free list per class, so growing, shrinking and
//! freeing a list is O(1) amortised and freed space is reused.

/// A list in a [`ListPool`]: `len` elements starting at `start` (which has
/// room for the list's size class).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct PoolList {
    pub start: u32,
    pub len: u32,
}

impl PoolList {
    pub const EMPTY: PoolList = PoolList { start: 0, len: 0 };
}

fn class_of(len: u32) -> usize {
    // Class k holds up to 2^k elements.
    (u32::BITS - (len.max(1) - 1).leading_zeros()) as usize
}

pub(crate) struct ListPool<T> {
    data: Vec<T>,
    free: Vec<Vec<u32>>,
}

impl<T: Copy + Default> Default for ListPool<T> {
    fn default() -> Self {
        ListPool {
            data: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<T: Copy + Default> ListPool<T> {
    fn alloc_block(&mut self, class: usize) -> u32 {
        if let Some(start) = self.free.get_mut(class).and_then(|f| f.pop()) {
            return start;
        }
        let start = self.data.len();
        assert!(
            start + (1usize << class) < u32::MAX as usize,
            "list pool exhausted"
        );
        self.data.resize(start + (1 << class), T::default());
        start as u32
    }

    fn free_block(&mut self, start: u32, class: usize) {
        if self.free.len() <= class {
            self.free.resize_with(class + 1, Vec::new);
        }
        self.free[class].push(start);
    }

    /// Makes room for `n` more elements.
    pub fn reserve(&mut self, n: usize) {
        self.data.reserve(n);
    }

    /// A new list holding `items`.
    pub fn alloc(&mut self, items: impl ExactSizeIterator<Item = T>) -> PoolList {
        let len = items.len() as u32;
        if len == 0 {
            return PoolList::EMPTY;
        }
        let start = self.alloc_block(class_of(len));
        for (i, x) in items.enumerate() {
            self.data[start as usize + i] = x;
        }
        PoolList { start, len }
    }

    /// Releases `list`'s storage.
    pub fn free(&mut self, list: PoolList) {
        if list.len != 0 {
            self.free_block(list.start, class_of(list.len));
        }
    }

    #[inline]
    pub fn slice(&self, list: PoolList) -> &[T] {
        &self.data[list.start as usize..(list.start + list.len) as usize]
    }

    /// Element `i` of `list`, found with one bounds check (the pool's)
    /// rather than slicing the list first.
    #[inline]
    pub fn elem_mut(&mut self, list: PoolList, i: u32) -> &mut T {
        debug_assert!(i < list.len, "list element out of range");
        &mut self.data[(list.start + i) as usize]
    }

    #[inline]
    pub fn slice_mut(&mut self, list: PoolList) -> &mut [T] {
        &mut self.data[list.start as usize..(list.start + list.len) as usize]
    }

    /// Appends `x`, moving the list to a bigger block when its class is full.
    pub fn push(&mut self, list: &mut PoolList, x: T) {
        if list.len == 0 {
            *list = self.alloc(std::iter::once(x));
            return;
        }
        let class = class_of(list.len);
        if list.len as usize == 1 << class {
            let new_start = self.alloc_block(class + 1);
            self.data.copy_within(
                list.start as usize..(list.start + list.len) as usize,
                new_start as usize,
            );
            self.free_block(list.start, class);
            list.start = new_start;
        }
        self.data[(list.start + list.len) as usize] = x;
        list.len += 1;
    }

    /// Empties `list`, releasing its storage.
    pub fn clear(&mut self, list: &mut PoolList) {
        self.free(*list);
        *list = PoolList::EMPTY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_classes() {
        assert_eq!(class_of(1), 0);
        assert_eq!(class_of(2), 1);
        assert_eq!(class_of(3), 2);
        assert_eq!(class_of(4), 2);
        assert_eq!(class_of(5), 3);
    }

    #[test]
    fn push_grow_free_reuse() {
        let mut p: ListPool<u32> = ListPool::default();
        let mut a = PoolList::EMPTY;
        for i in 0..10 {
            p.push(&mut a, i);
        }
        assert_eq!(p.slice(a), &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let b = p.alloc([7u32, 8].into_iter());
        assert_eq!(p.slice(b), &[7, 8]);
        p.free(b);
        let c = p.alloc([9u32].into_iter());
        let d = p.alloc([1u32, 2].into_iter());
        assert_eq!(d.start, b.start, "freed block of the same class is reused");
        assert_eq!(p.slice(c), &[9]);
        assert_eq!(p.slice(a)[9], 9);
    }
}
