// CHECK: 2:9: error: could not find include file 'does/not/exist.td'
include "does/not/exist.td"
