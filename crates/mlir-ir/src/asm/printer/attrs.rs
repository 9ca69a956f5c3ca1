//! Printing of types, attributes and locations.
