//! Unit tests of the conversion framework.
