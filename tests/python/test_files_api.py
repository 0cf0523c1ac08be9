"""The Files API through the Python SDK's w.files: multi-MB upload and download on a volume and on DBFS."""
import hashlib
import io
import os
import pathlib

import pytest
from databricks.sdk.errors import AlreadyExists, NotFound
from databricks.sdk.service.catalog import VolumeType


@pytest.fixture
def volume(w, server):
    w.volumes.create(catalog_name="main", schema_name="default", name="landing", volume_type=VolumeType.MANAGED)
    return pathlib.Path(server.data_dir) / "volumes/main/default/landing"


@pytest.mark.parametrize("size", [3 * 1024 * 1024 + 5, 70 * 1024 * 1024 + 3])
def test_upload_download_multi_megabyte(w, volume, size):
    data = os.urandom(size)
    w.files.upload("/Volumes/main/default/landing/big/data.bin", io.BytesIO(data), overwrite=True)
    on_disk = volume / "big/data.bin"
    assert on_disk.stat().st_size == size
    assert hashlib.sha256(on_disk.read_bytes()).digest() == hashlib.sha256(data).digest()

    got = w.files.download("/Volumes/main/default/landing/big/data.bin").contents.read()
    assert got == data
    meta = w.files.get_metadata("/Volumes/main/default/landing/big/data.bin")
    assert meta.content_length == size
    names = [e.name for e in w.files.list_directory_contents("/Volumes/main/default/landing/big")]
    assert names == ["data.bin"]


def test_upload_from_and_download_to_files(w, volume, tmp_path):
    src = tmp_path / "src.bin"
    src.write_bytes(os.urandom(9 * 1024 * 1024))
    w.files.upload_from("/Volumes/main/default/landing/f.bin", str(src), overwrite=True)
    dst = tmp_path / "dst.bin"
    w.files.download_to("/Volumes/main/default/landing/f.bin", str(dst))
    assert dst.read_bytes() == src.read_bytes()


def test_overwrite_false_and_missing(w, volume):
    w.files.upload("/Volumes/main/default/landing/x.txt", io.BytesIO(b"one"))
    with pytest.raises(AlreadyExists):
        w.files.upload("/Volumes/main/default/landing/x.txt", io.BytesIO(b"two"), overwrite=False)
    assert (volume / "x.txt").read_bytes() == b"one"
    w.files.delete("/Volumes/main/default/landing/x.txt")
    with pytest.raises(NotFound):
        w.files.get_metadata("/Volumes/main/default/landing/x.txt")


def test_dbfs_path(w):
    w.files.upload("/dbfs/tmp/p.txt", io.BytesIO(b"via files api"), overwrite=True)
    assert w.dbfs.read("/tmp/p.txt").data == "dmlhIGZpbGVzIGFwaQ=="
    assert w.files.download("/dbfs/tmp/p.txt").contents.read() == b"via files api"


# merged from the other fsapi helper's version of this file (f815926)
def test_directories_and_delete(w, volume):
    vol = "/Volumes/main/default/landing"
    w.files.create_directory(f"{vol}/d/e")
    w.files.upload(f"{vol}/d/a.txt", io.BytesIO(b"hello"), overwrite=True)
    entries = list(w.files.list_directory_contents(f"{vol}/d"))
    assert [(e.name, e.is_directory) for e in entries] == [("a.txt", False), ("e", True)]
    assert entries[0].file_size == 5
    w.files.delete(f"{vol}/d/a.txt")
    assert not (volume / "d/a.txt").exists()
    with pytest.raises(NotFound):
        w.files.get_metadata(f"{vol}/d/a.txt")


def test_traversal_is_refused(w, volume, server):
    import requests
    vol = "/Volumes/main/default/landing"
    for p in (f"{vol}/../../../etc/passwd", f"{vol}/%2e%2e/%2e%2e/x"):
        r = requests.get(server.url + "/api/2.0/fs/files" + p, headers={"Authorization": "Bearer x"})
        assert r.status_code in (400, 404), p
