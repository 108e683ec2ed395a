#!/usr/bin/env python3
"""The ICU data a packaged `haul` carries: the toolchain's, less what haul never reads.

    python3 Packaging/icu-data.py OUT_DIR     prints the `swift build` flags that link the smaller copy

Foundation on Linux links swift-foundation-icu, whose `icudtNN_dat` holds all of ICU's data: 34 MB of the 80 MB
stripped binary (docs/packaging.md, "The map down to 40 MB"). haul reads little of it: UTF-8 text, dates in
en_US_POSIX and ISO 8601, time zones, normalization and IDNA for host names. This script takes the toolchain's
copy out of lib_FoundationICU.a, keeps

  - every item that is not a locale's (the .icu, .nrm, .spp and .cfu files, supplementalData, zoneinfo64,
    metaZones, likelySubtags, plurals, each tree's pool.res and res_index.res, the break rules *.brk, ...),
  - the root, en and en_* locales of every tree (ICU falls back to root for any other locale, as a trimmed ICU
    build made with ICU's own data filter does),

and leaves out the other locales' names, units, currencies, collations and spell-outs, the transliterators, the
dictionaries of CJK/Thai/Lao/Khmer/Burmese word breaking, and the legacy charset converters (*.cnv; UTF-8, UTF-16,
ASCII and Latin-1 are algorithmic in ICU and need no file). The copy is written in ICU's common-data format (a
sorted table of contents, items at 16-byte offsets) and assembled into an object that defines
`__wrap_icudtNN_dat`; `-Xlinker --wrap=icudtNN_dat` sends ICU's one reference to it, so the archive member with
the full copy is never linked, whatever the order of the link line.

Prints nothing (and the build is the ordinary one) where there is no such archive: macOS, whose Foundation is the
system's, or a toolchain that links Foundation otherwise. HAUL_FULL_ICU=1 asks for the full data.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

def note(message):
    print(f"icu-data.py: {message}", file=sys.stderr)

def archive_path():
    swiftc = shutil.which("swiftc")
    if not swiftc:
        return None
    lib = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "..", "lib", "swift_static", "linux", "lib_FoundationICU.a")
    return os.path.realpath(lib) if os.path.exists(lib) else None

MEMBER = "icu_packaged_data.cpp.o"
# Items that are data rather than a locale's bundle share no name with a locale: a locale is "root" or a 2-3 letter
# language code, then subtags.
LOCALE = re.compile(r"^(root|[a-z]{2,3}(_[A-Za-z0-9]+)*)\.(res)$")
KEPT_LOCALE = re.compile(r"^(root|en(_[A-Za-z0-9]+)*)\.res$")
DROPPED_TREES = {"translit"}
# What haul's own paths read (dates in en_US_POSIX and ISO 8601, time zones, host names through IDNA, Unicode
# properties and normalization): the script stops if a change of ICU's layout would leave one out.
NEEDED = [
    "root.res", "en.res", "en_US.res", "en_US_POSIX.res", "res_index.res", "pool.res", "supplementalData.res",
    "likelySubtags.res", "metaZones.res", "timezoneTypes.res", "windowsZones.res", "zoneinfo64.res",
    "numberingSystems.res", "plurals.res", "icuver.res", "zone/root.res", "zone/en.res", "zone/pool.res",
    "coll/root.res", "coll/res_index.res", "coll/ucadata.icu", "uts46.nrm", "nfkc.nrm", "cnvalias.icu",
]

def kept(name):
    """name: 'icudt76l/coll/de.res', 'icudt76l/ibm-1390_P110-2003.cnv', ..."""
    path = name.split("/", 1)[1]
    parts = path.split("/")
    base = parts[-1]
    if len(parts) > 1 and parts[0] in DROPPED_TREES:
        return False
    if base.endswith(".cnv") or base.endswith(".dict"):
        return False
    if LOCALE.match(base) and base != "res_index.res":
        return bool(KEPT_LOCALE.match(base))
    return True

def read_common(data):
    header = struct.unpack_from("<H", data, 0)[0]
    if data[12:16] != b"CmnD":
        raise SystemExit("icu-data.py: the toolchain's ICU data is not in ICU's common-data format")
    count = struct.unpack_from("<I", data, header)[0]
    table = [struct.unpack_from("<II", data, header + 4 + 8 * i) for i in range(count)]
    items = []
    for i, (name_offset, data_offset) in enumerate(table):
        start = header + name_offset
        name = data[start:data.index(b"\0", start)].decode("ascii")
        begin = header + data_offset
        end = header + table[i + 1][1] if i + 1 < count else len(data)
        items.append((name, data[begin:end]))
    return data[:header], items

def write_common(header, items):
    count = len(items)
    names = b""
    name_offsets = []
    for name, _ in items:
        name_offsets.append(4 + 8 * count + len(names))
        names += name.encode("ascii") + b"\0"
    body_start = 4 + 8 * count + len(names)
    body_start += (-(len(header) + body_start)) % 16
    table = struct.pack("<I", count)
    body = b""
    for (name, blob), name_offset in zip(items, name_offsets):
        table += struct.pack("<II", name_offset, body_start + len(body))
        body += blob + b"\0" * ((-len(blob)) % 16)
    out = header + table + names
    out += b"\xaa" * (len(header) + body_start - len(out))  # ICU's own filler there
    return out + body

def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    if os.environ.get("HAUL_FULL_ICU") == "1":
        note("HAUL_FULL_ICU=1: the toolchain's full ICU data")
        return
    archive = archive_path()
    if archive is None:
        return
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(["ar", "x", archive, MEMBER], cwd=work, check=True)
        member = os.path.join(work, MEMBER)
        symbols = subprocess.run(["nm", member], capture_output=True, text=True, check=True).stdout
        found = re.findall(r"\b(icudt\d+_dat)\b", symbols)
        if len(found) != 1:
            raise SystemExit(f"icu-data.py: expected one icudtNN_dat in {archive}({MEMBER}), found {found}")
        symbol = found[0]
        blob = os.path.join(work, "full.dat")
        subprocess.run(["objcopy", "-O", "binary", "--only-section=.rodata*", member, blob], check=True)
        with open(blob, "rb") as f:
            full = f.read()
    header, items = read_common(full)
    # The writer is checked on the toolchain's own copy: all items written again give its bytes exactly.
    if write_common(header, items) != full:
        raise SystemExit(f"icu-data.py: ICU's common-data format of {archive} is not the one this script writes")
    chosen = [(name, data) for name, data in items if kept(name)]
    tree = items[0][0].split("/", 1)[0]  # icudt76l
    missing = [need for need in NEEDED if f"{tree}/{need}" not in {name for name, _ in chosen}]
    if missing:
        raise SystemExit(f"icu-data.py: the trimmed data would lack {', '.join(missing)}")
    trimmed = write_common(header, chosen)
    data_file = os.path.join(out, f"{symbol}.dat")
    with open(data_file, "wb") as f:
        f.write(trimmed)
    assembly = os.path.join(out, f"{symbol}.S")
    with open(assembly, "w") as f:
        f.write(
            f'\t.section .rodata.{symbol},"a"\n\t.balign 16\n\t.globl __wrap_{symbol}\n'
            f"\t.type __wrap_{symbol}, %object\n__wrap_{symbol}:\n\t.incbin \"{data_file}\"\n"
            f"\t.size __wrap_{symbol}, . - __wrap_{symbol}\n"
            '\t.section .note.GNU-stack,"",%progbits\n'
        )
    obj = os.path.join(out, f"{symbol}.o")
    compiler = shutil.which("clang") or shutil.which("cc")
    subprocess.run([compiler, "-c", assembly, "-o", obj], check=True)
    note(f"{symbol}: {len(chosen)} of {len(items)} items, {len(trimmed):,} of {len(full):,} bytes")
    print(f"-Xlinker --wrap={symbol} -Xlinker {obj}")

main()
