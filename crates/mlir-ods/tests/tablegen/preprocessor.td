// The preprocessor subset and include handling.
include "inc/common.td"
include "inc/common.td"

#define FEATURE

#ifdef FEATURE
def WithFeature : Common;
#else
def WithoutFeature : Common;
#endif

#ifndef FEATURE
def NotDefined;
#else // FEATURE
def Defined;
#endif

#ifdef NESTED_OUTER
#ifdef NESTED_INNER
def Never;
#endif
#endif

/* A directive only counts at the start of a line. */ def After;
