//===- RegionKindInterface.td - upstream include path ------------------*- tablegen -*-===//
//
// Upstream's region kinds: `RegionKindInterface`, `HasOnlyGraphRegion`,
// `GraphRegionNoTerminator` (declared in rmlir's Traits.td).
//
//===----------------------------------------------------------------------===//

include "../../OpBase.td"
