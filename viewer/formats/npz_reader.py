"""Reading an NPZ archive someone sent: every promise the file makes is
checked before it is believed, and nothing is inflated beyond the limits.

An NPZ is a zip archive of ``NAME.npy`` members.  Before a byte is
inflated, the end of the archive (its central directory: the members'
names, their number, methods and declared sizes) is read and checked
against :data:`LIMITS`; each member's ``.npy`` header (dtype, shape, the
bytes they make) is read and checked before its array is allocated; the
data is then inflated into that array in bounded chunks, and a member that
yields more or less than it declared is refused.  Pickles and Python
objects are refused (numbers and booleans only).

Every refusal is a :class:`NpzError` (a ValueError) with one line saying
what is wrong; the caller adds the file's name.  The stdlib's ``zipfile``
does the zip parsing, but only on an archive already bounded here; what it
or ``zlib`` raises on a damaged stream is turned into an :class:`NpzError`.
"""

from __future__ import annotations

import ast
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np

__all__ = ["NpzError", "Limits", "LIMITS", "read_npz"]

MiB = 1 << 20


class NpzError(ValueError):
    """An archive refused; the message says why, in one line."""


@dataclass(frozen=True)
class Limits:
    """What an archive may hold (see the README's "On bad input")."""

    file_bytes: int = 1024 * MiB          # the archive on disk
    members: int = 64                     # arrays in it
    directory_bytes: int = 1 * MiB        # its central directory
    header_bytes: int = 10_000            # one .npy header (numpy's own limit)
    ndim: int = 3                         # dimensions of one array
    array_bytes: int = 256 * MiB          # one array, inflated
    total_bytes: int = 512 * MiB          # all arrays together, inflated


LIMITS = Limits()

NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
"""A member's name without ``.npy``: no folders, no ``..`` tricks."""

KINDS = "biuf"
"""dtype kinds taken: booleans, signed and unsigned integers, floats."""

_CHUNK = 1 * MiB
_RAW_CHUNK = 64 << 10
_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_EOCD64 = b"PK\x06\x06"
_FLAG_ENCRYPTED = 0x01
_FLAG_PATCHED = 0x20
_FLAG_STRONG = 0x40
_METHODS = {zipfile.ZIP_STORED: "stored", zipfile.ZIP_DEFLATED: "deflate"}
_METHOD_NAMES = {12: "bzip2", 14: "LZMA", 93: "Zstandard", 95: "xz", 98: "PPMd", 99: "AES"}

NUMPY_MAGIC = b"\x93NUMPY"


def read_npz(f: BinaryIO, size: int, limits: Limits = LIMITS) -> dict[str, np.ndarray]:
    """The arrays of the archive open as ``f`` (``size`` bytes long), by
    name, in archive order.  Raises :class:`NpzError`."""
    if size == 0:
        raise NpzError("an empty file, not a bundle")
    if size > limits.file_bytes:
        raise NpzError(f"{size} bytes; a bundle's NPZ may be at most {limits.file_bytes}")
    head = _pread(f, 0, 8)
    if head.startswith(NUMPY_MAGIC):
        raise NpzError("a single .npy array, not an NPZ bundle (a zip of arrays)")
    if not head.startswith(b"PK"):
        raise NpzError("not an NPZ bundle (not a zip archive)")
    entries, directory = _end_record(f, size)
    if entries > limits.members:
        raise NpzError(f"{entries} members; a bundle holds at most {limits.members} arrays")
    if directory > limits.directory_bytes:
        raise NpzError(f"a central directory of {directory} bytes; at most "
                       f"{limits.directory_bytes}")
    try:
        f.seek(0)
        zf = zipfile.ZipFile(f)
    except NotImplementedError as exc:
        raise NpzError(f"a zip archive this reader does not take ({_why(exc)})") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError,
            struct.error, UnicodeDecodeError, OverflowError) as exc:
        raise NpzError(f"a damaged zip archive ({_why(exc)})") from None
    with zf:
        infos = _checked_members(zf.infolist(), size, limits)
    arrays: dict[str, np.ndarray] = {}
    left = limits.total_bytes
    for name, info in infos:
        arrays[name] = _read_member(f, info, _show(info.filename), limits, left)
        left -= arrays[name].nbytes
    return arrays


def _pread(f: BinaryIO, offset: int, n: int) -> bytes:
    f.seek(offset)
    return f.read(n)


def _end_record(f: BinaryIO, size: int) -> tuple[int, int]:
    """(members, central directory bytes) as the end of the archive declares
    them (zip64 included)."""
    tail_len = min(size, 22 + 0xFFFF)
    tail = _pread(f, size - tail_len, tail_len)
    pos = tail.rfind(_EOCD)
    while pos >= 0 and len(tail) - pos < 22:
        pos = tail.rfind(_EOCD, 0, pos)
    if pos < 0:
        raise NpzError("a truncated or damaged zip archive (no end of central directory)")
    (_, disk, cd_disk, _, entries, cd_size, cd_offset,
     _) = struct.unpack("<4sHHHHIIH", tail[pos:pos + 22])
    if disk or cd_disk:
        raise NpzError("a multi-part zip archive; a bundle is one file")
    if entries == 0xFFFF or cd_size == 0xFFFFFFFF or cd_offset == 0xFFFFFFFF:
        loc = tail[pos - 20:pos] if pos >= 20 else b""
        if len(loc) != 20 or not loc.startswith(_EOCD64_LOCATOR):
            raise NpzError("a damaged zip64 archive (no zip64 end record locator)")
        (off64,) = struct.unpack("<Q", loc[8:16])
        if off64 > size - 56:
            raise NpzError("a damaged zip64 archive (its end record is past the end)")
        rec = _pread(f, off64, 56)
        if len(rec) != 56 or not rec.startswith(_EOCD64):
            raise NpzError("a damaged zip64 archive (no zip64 end record)")
        entries, cd_size, cd_offset = struct.unpack("<QQQ", rec[32:56])
    if cd_offset + cd_size > size:
        raise NpzError("a truncated or damaged zip archive (its directory is past the end)")
    return entries, cd_size


def _checked_members(infos: list[zipfile.ZipInfo], size: int, limits: Limits
                     ) -> list[tuple[str, zipfile.ZipInfo]]:
    """Every member checked from the central directory alone."""
    if len(infos) > limits.members:
        raise NpzError(f"{len(infos)} members; a bundle holds at most {limits.members} arrays")
    out: list[tuple[str, zipfile.ZipInfo]] = []
    seen: set[str] = set()
    total = 0
    for info in infos:
        shown = _show(info.filename)
        stem = info.filename[:-4] if info.filename.endswith(".npy") else None
        if stem is None or not NAME.fullmatch(stem):
            raise NpzError(f"member {shown}: not a layer (NAME.npy, NAME of letters, digits, "
                           f"'_', '-' and '.')")
        if stem in seen:
            raise NpzError(f"member {shown} is there twice")
        seen.add(stem)
        if info.flag_bits & (_FLAG_ENCRYPTED | _FLAG_STRONG):
            raise NpzError(f"member {shown} is encrypted")
        if info.flag_bits & _FLAG_PATCHED:
            raise NpzError(f"member {shown} is compressed patch data")
        if info.compress_type not in _METHODS:
            method = _METHOD_NAMES.get(info.compress_type, f"method {info.compress_type}")
            raise NpzError(f"member {shown} is compressed with {method}; a bundle uses "
                           f"stored or deflate")
        if info.extract_version > zipfile.MAX_EXTRACT_VERSION:
            v = info.extract_version
            raise NpzError(f"member {shown} needs zip version {v // 10}.{v % 10}; this "
                           f"reader takes up to {zipfile.MAX_EXTRACT_VERSION / 10:.1f}")
        if info.file_size > limits.array_bytes + limits.header_bytes:
            raise NpzError(f"member {shown} declares {info.file_size} bytes; an array may "
                           f"have at most {limits.array_bytes}")
        if info.header_offset < 0 or info.compress_size < 0:
            raise NpzError(f"member {shown}: the directory places it before the start of the "
                           f"file (a damaged archive)")
        if info.header_offset + info.compress_size > size:
            raise NpzError(f"member {shown} runs past the end of the file (truncated?)")
        total += info.file_size
        if total > limits.total_bytes + limits.members * limits.header_bytes:
            raise NpzError(f"the members declare more than {limits.total_bytes} bytes in all")
        out.append((stem, info))
    return out


def _show(name: str) -> str:
    return repr(name if len(name) <= 80 else name[:80] + "...")


def _why(exc: BaseException) -> str:
    text = (getattr(exc, "strerror", None) if isinstance(exc, OSError) else None) \
        or str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:200]


def _read_member(f: BinaryIO, info: zipfile.ZipInfo, shown: str, limits: Limits,
                 left: int) -> np.ndarray:
    """One member's array, checked; ``left``: bytes the arrays may still take."""
    try:
        m = _Member(f, info, shown)
        dtype, shape, fortran, header_len = _header(m, shown, limits)
        count = int(np.prod(shape, dtype=object))
        nbytes = count * dtype.itemsize
        if nbytes > limits.array_bytes:
            raise NpzError(f"member {shown} declares a {_shape(shape)} {dtype} array of "
                           f"{nbytes} bytes; an array may have at most {limits.array_bytes}")
        if nbytes > left:
            raise NpzError(f"member {shown}: with it the arrays take more than "
                           f"{limits.total_bytes} bytes in all")
        if header_len + nbytes != info.file_size:
            raise NpzError(f"member {shown}: its header declares {header_len + nbytes} "
                           f"bytes, the archive {info.file_size}")
        flat = np.empty(count, dtype)
        if nbytes:
            m.fill(memoryview(flat.view(np.uint8)).cast("B"))
        m.finish()
    except NpzError:
        raise
    except MemoryError:
        raise NpzError(f"member {shown}: not enough memory for it") from None
    except (zlib.error, EOFError, OSError, ValueError, struct.error, OverflowError) as exc:
        raise NpzError(f"member {shown} is damaged ({_why(exc)})") from None
    return flat.reshape(shape, order="F" if fortran else "C")


def _shape(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape)) or "scalar"


class _Member:
    """One member's data, inflated on demand and never past what the
    central directory declares: more output than ``file_size`` (a bomb
    whose sizes lie), a stream that ends early, trailing data or a wrong
    CRC are refused."""

    def __init__(self, f: BinaryIO, info: zipfile.ZipInfo, shown: str):
        self.f, self.info, self.shown = f, info, shown
        local = _pread(f, info.header_offset, 30)
        if len(local) != 30 or not local.startswith(b"PK\x03\x04"):
            raise NpzError(f"member {shown}: no local header where the directory says "
                           f"(a damaged archive)")
        flags, method = struct.unpack("<HH", local[6:10])
        name_len, extra_len = struct.unpack("<HH", local[26:30])
        if flags & (_FLAG_ENCRYPTED | _FLAG_STRONG):
            raise NpzError(f"member {shown} is encrypted")
        if method != info.compress_type:
            raise NpzError(f"member {shown}: its local header and the directory disagree on "
                           f"the compression (a damaged archive)")
        name = _pread(f, info.header_offset + 30, name_len)
        if name.decode("utf-8" if flags & 0x800 else "cp437", "replace") != info.orig_filename:
            raise NpzError(f"member {shown}: its local header names another file (a damaged "
                           f"archive)")
        self.pos = info.header_offset + 30 + name_len + extra_len
        self.compressed_left = info.compress_size
        self.left = info.file_size                 # output still allowed
        self.crc = 0
        self.inflate = zlib.decompressobj(-15) if method == zipfile.ZIP_DEFLATED else None
        self.pending = b""

    def _more(self, want: int) -> bytes:
        """Up to ``want`` more bytes of output (b"" at the end of the data)."""
        while True:
            if self.inflate is not None and self.inflate.eof:
                return b""            # the stream ended (what follows it is not read)
            if self.inflate is not None and self.inflate.unconsumed_tail:
                data = self.inflate.decompress(self.inflate.unconsumed_tail, want)
            elif self.compressed_left > 0:
                # small reads: what a highly compressed chunk leaves over is
                # copied on each call (unconsumed_tail)
                raw = _pread(self.f, self.pos, min(_RAW_CHUNK, self.compressed_left))
                if not raw:
                    raise NpzError(f"member {self.shown}: its data is cut short (a truncated "
                                   f"archive)")
                self.pos += len(raw)
                self.compressed_left -= len(raw)
                data = raw if self.inflate is None else self.inflate.decompress(raw, want)
            elif self.inflate is not None:
                data = self.inflate.decompress(b"", want)     # output still held back
                if not data:
                    return b""
            else:
                return b""
            if data:
                break
        if len(data) > self.left:
            raise NpzError(f"member {self.shown} is damaged: its data inflates to more than "
                           f"the {self.info.file_size} bytes it declares")
        self.left -= len(data)
        self.crc = zlib.crc32(data, self.crc)
        return data

    def read(self, n: int) -> bytes:
        parts, got = [], 0
        while got < n:
            part = self.pending or self._more(min(_CHUNK, n - got))
            self.pending = b""
            if not part:
                break
            if len(part) > n - got:
                part, self.pending = part[:n - got], part[n - got:]
            parts.append(part)
            got += len(part)
        return b"".join(parts)

    def fill(self, view: memoryview) -> None:
        got, n = 0, len(view)
        while got < n:
            part = self.read(min(_CHUNK, n - got))
            if not part:
                # the archive holds all its bytes (a short file is reported
                # where the read comes up empty): the data is damaged
                raise NpzError(f"member {self.shown} is damaged: its data inflates to {got} "
                               f"of the {n} bytes it declares (checksum check not reached)")
            view[got:got + len(part)] = part
            got += len(part)

    def finish(self) -> None:
        """The data must end here: nothing more inflates, the stream is
        complete and its CRC is the declared one."""
        if self.pending or self._more(1):
            raise NpzError(f"member {self.shown} is damaged: its data inflates to more than "
                           f"the {self.info.file_size} bytes it declares")
        if self.inflate is not None and not self.inflate.eof:
            raise NpzError(f"member {self.shown}: its deflate stream does not end (damaged)")
        if self.crc != self.info.CRC:
            raise NpzError(f"member {self.shown} is damaged: the checksum (CRC-32) of its data "
                           f"is wrong")


def _header(m: _Member, shown: str, limits: Limits) -> tuple[np.dtype, tuple[int, ...], bool, int]:
    """(dtype, shape, Fortran order, header length in bytes) of a .npy
    member, checked: numbers and booleans only, at most ``ndim`` dimensions."""
    magic = m.read(8)
    if len(magic) < 8 or not magic.startswith(NUMPY_MAGIC):
        raise NpzError(f"member {shown} is not a .npy array")
    major = magic[6]
    if major == 1:
        raw = m.read(2)
        length = struct.unpack("<H", raw)[0] if len(raw) == 2 else -1
        size_len, encoding = 2, "latin1"
    elif major in (2, 3):
        raw = m.read(4)
        length = struct.unpack("<I", raw)[0] if len(raw) == 4 else -1
        size_len, encoding = 4, "latin1" if major == 2 else "utf-8"
    else:
        raise NpzError(f"member {shown}: .npy format version {major}, unknown")
    if length < 0:
        raise NpzError(f"member {shown}: its .npy header is cut short")
    if length > limits.header_bytes:
        raise NpzError(f"member {shown}: a .npy header of {length} bytes; at most "
                       f"{limits.header_bytes}")
    text = m.read(length)
    if len(text) != length:
        raise NpzError(f"member {shown}: its .npy header is cut short")
    try:
        header = ast.literal_eval(text.decode(encoding))
    except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError,
            TypeError):
        raise NpzError(f"member {shown}: its .npy header is not a description") from None
    if not isinstance(header, dict) or set(header) != {"descr", "fortran_order", "shape"}:
        raise NpzError(f"member {shown}: its .npy header is not a description")
    shape, fortran, descr = header["shape"], header["fortran_order"], header["descr"]
    if not isinstance(fortran, bool):
        raise NpzError(f"member {shown}: its .npy header's fortran_order is not a bool")
    if not (isinstance(shape, tuple) and all(isinstance(n, int) and not isinstance(n, bool)
                                             and n >= 0 for n in shape)):
        raise NpzError(f"member {shown}: its .npy header's shape is not a shape")
    if len(shape) > limits.ndim:
        raise NpzError(f"member {shown}: {len(shape)} dimensions; a layer has at most "
                       f"{limits.ndim}")
    if not isinstance(descr, str) or len(descr) > 8:
        raise NpzError(f"member {shown}: holds Python objects or records (numbers and "
                       f"booleans only; no pickles)")
    try:
        dtype = np.dtype(descr)
    except (TypeError, ValueError):
        raise NpzError(f"member {shown}: unknown dtype {descr!r}") from None
    if dtype.hasobject or dtype.kind not in KINDS or dtype.fields is not None \
            or dtype.shape != ():
        raise NpzError(f"member {shown}: dtype {descr!r}; a layer holds numbers or "
                       f"booleans (no Python objects, no pickles)")
    return dtype, shape, fortran, 8 + size_len + length
