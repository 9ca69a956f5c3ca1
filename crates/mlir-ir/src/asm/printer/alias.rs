//! Alias selection for printing (`#map = ...`, `#loc = ...`, type aliases).
