#ifndef COMMON_TD
#define COMMON_TD

// Included twice by preprocessor.td; the guard keeps one copy.
class Common {
  string origin = "common";
}

#endif // COMMON_TD
