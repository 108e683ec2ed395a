#ifndef HAUL_CZLIB_SHIM_H
#define HAUL_CZLIB_SHIM_H
#include <zlib.h>
#endif
