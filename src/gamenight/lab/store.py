"""A study's files: its chunks as they finish, then every row merged into games.parquet.

Parquet (through pyarrow) because the rows are a table to query afterwards: columnar,
typed (lists of scores stay lists of numbers), compressed, and read alike by pandas,
polars and DuckDB (``duckdb -c "select ... from 'studies/fk/games.parquet'"``) with no
server.  A chunk is written to a temporary name and renamed, so it is either whole or
absent: a resumed study keeps every finished chunk and plays no chunk twice.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import pyarrow as pa
import pyarrow.parquet as pq

from gamenight.lab.plan import Chunk, Study
from gamenight.lab.play import GameRow
from gamenight.lab.provenance import CodeVersion
from gamenight.lab.provenance import read_versions as read_versions_of

STUDY_FILE = "study.json"
CHUNKS = "chunks"
GAMES_FILE = "games.parquet"

#: games.parquet's columns, in GameRow's order.
SCHEMA = pa.schema([
    ("cell", pa.string()),
    ("players", pa.int32()),
    ("options", pa.string()),
    ("bots", pa.list_(pa.string())),
    ("game", pa.int64()),
    ("seed", pa.int64()),  # derive_seed's seeds are 63-bit
    ("scores", pa.list_(pa.float64())),
    ("ranks", pa.list_(pa.int32())),
    ("winners", pa.list_(pa.int32())),
    ("truncated", pa.bool_()),
    ("steps", pa.int32()),
    ("turns", pa.int32()),
    ("rounds", pa.int32()),
    ("decisions", pa.int32()),
    ("windows", pa.int32()),
    ("estimated_minutes", pa.float64()),
    ("lead_changes", pa.int32()),
    ("comeback", pa.bool_()),
    ("half_time_leaders", pa.list_(pa.int32())),
    ("decided_at", pa.float64()),
    ("winner_behind", pa.float64()),
    ("choices", pa.float64()),
    ("choices_max", pa.int32()),
    ("choices_by_part", pa.list_(pa.float64())),
    ("action_kinds", pa.map_(pa.string(), pa.int32())),
])

#: Parquet's metadata holds no time or host, so the same rows give the same bytes; the
#: column statistics let DuckDB skip row groups.  zstd: small files at little cost.
_WRITE = {"compression": "zstd", "write_statistics": True}


def chunk_path(out: Path, chunk: Chunk) -> Path:
    """``<out>/chunks/<hash of the cell key>-<index>.parquet`` (a key can be long and hold
    characters no file name should)."""
    digest = hashlib.blake2b(chunk.cell.key.encode(), digest_size=6).hexdigest()
    return out / CHUNKS / f"{digest}-{chunk.index:05d}.parquet"


def _table(rows: Sequence[GameRow]) -> pa.Table:
    return pa.Table.from_pylist(cast(list[dict[str, object]], list(rows)), schema=SCHEMA)


def write_chunk(out: Path, chunk: Chunk, rows: Sequence[GameRow]) -> Path:
    """Store one finished chunk, whole or not at all."""
    path = chunk_path(out, chunk)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.partial")
    pq.write_table(_table(rows), temporary, **_WRITE)
    os.replace(temporary, path)  # atomic: a reader sees the old name or the whole file
    return path


def stored(out: Path, study: Study) -> set[Chunk]:
    """The chunks of ``study`` already stored in ``out``."""
    return {c for c in study.chunks() if chunk_path(out, c).is_file()}


def missing(out: Path, study: Study) -> list[Chunk]:
    """The chunks still to play, in study order."""
    done = stored(out, study)
    return [c for c in study.chunks() if c not in done]


def merge(out: Path, study: Study | None = None) -> Path:
    """Write ``<out>/games.parquet``: every chunk's rows, by cell (the study's order) and
    game number; the same bytes for the same study whoever played it.  FileNotFoundError
    if a chunk is missing."""
    study = study if study is not None else read_study(out)
    tables = []
    for chunk in study.chunks():
        path = chunk_path(out, chunk)
        if not path.is_file():
            raise FileNotFoundError(f"{path}: the study is not finished (--resume plays "
                                    "the rest)")
        tables.append(_read(path))
    merged = pa.concat_tables(tables) if tables else SCHEMA.empty_table()
    target = out / GAMES_FILE
    temporary = target.with_name(f".{target.name}.partial")
    pq.write_table(merged, temporary, **_WRITE)
    os.replace(temporary, target)
    return target


def _read(path: Path) -> pa.Table:
    """A chunk or games.parquet file in today's columns: a column added since it was
    written (a study resumed with --resume-any-version) is read as missing (null)."""
    table = pq.read_table(path)
    for field in SCHEMA:
        if field.name not in table.column_names:
            table = table.append_column(field, pa.nulls(table.num_rows, field.type))
    return table.select(SCHEMA.names).cast(SCHEMA)


def read_rows(path: Path) -> list[GameRow]:
    """The rows of a games.parquet (or chunk) file (a map column as a dict)."""
    return cast(list[GameRow], _read(path).to_pylist(maps_as_pydicts="strict"))


def write_study(out: Path, study: Study, versions: Sequence[CodeVersion] = ()) -> Path:
    """Store ``study`` and the code ``versions`` that play it (``provenance``)."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / STUDY_FILE
    data = {**study.to_json(), "versions": list(versions)}
    temporary = path.with_name(f".{path.name}.partial")
    temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)  # a study.json is never half written
    return path


def _study_data(out: Path) -> dict[str, object]:
    path = out / STUDY_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not a study file: {exc.reason}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not a study file: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a study file")
    return data


def read_study(out: Path) -> Study:
    """The study stored in ``out``; FileNotFoundError or ValueError if there is none."""
    return Study.from_json(_study_data(out))


def read_versions(out: Path) -> list[CodeVersion]:
    """The code versions that played the study stored in ``out``, first the one that
    started it (none for a study stored before versions were kept)."""
    return read_versions_of(_study_data(out))
