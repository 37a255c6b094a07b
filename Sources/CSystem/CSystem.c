// Intentionally empty: CSystem only exposes headers, but SwiftPM needs one source file in a C target.
#include "CSystem.h"
