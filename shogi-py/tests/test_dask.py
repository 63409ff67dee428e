"""The Dask example on a LocalCluster of 2 worker processes (127.0.0.1): its shards,
concatenated, are byte for byte the single-process ``records_to_hcpe`` of the folder."""

import importlib.util
import sys
from pathlib import Path

import pytest

import shogi_kit as sk

distributed = pytest.importorskip("distributed")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "dask_hcpe.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_hcpe", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dask_hcpe"] = module
    spec.loader.exec_module(module)
    return module


def test_dask_shards_equal_the_single_process_result(record_dir, tmp_path):
    example = load_example()
    single = sk.records_to_hcpe(record_dir, threads=1)
    assert len(single) > 1000
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0",
        processes=True,
    )
    try:
        with distributed.Client(cluster) as client:
            written = example.convert(
                client, record_dir, tmp_path / "shards", files_per_shard=3, timeout=120
            )
            workers = client.run(lambda: __import__("os").getpid())
    finally:
        cluster.close()
    assert len(workers) == 2
    assert len(written) > 2
    joined = b"".join(Path(path).read_bytes() for path, _ in written)
    assert joined == single.tobytes()
    assert sum(n for _, n in written) == len(single)
