"""Files API (/api/2.0/fs) with the real Python databricks-sdk: w.files.upload/download of multi-MB files on a volume."""
import hashlib
import io
import os
import pathlib

import pytest
import requests
from databricks.sdk.errors import NotFound
from databricks.sdk.service.catalog import VolumeType

VOL = "/Volumes/main/default/pyfiles"


@pytest.fixture
def volume(w, server):
    w.volumes.create(catalog_name="main", schema_name="default", name="pyfiles", volume_type=VolumeType.MANAGED)
    return pathlib.Path(server.data_dir) / "volumes/main/default/pyfiles"


def _sha(b: bytes) -> str:
    return hashlib.sha256(b).hexdigest()


@pytest.mark.parametrize("size_mb", [12, 60])  # 60 MB is above the SDK's 50 MB multipart threshold
def test_upload_download_multi_mb(w, volume, size_mb):
    data = os.urandom(size_mb * 1024 * 1024 + 123)
    w.files.upload(f"{VOL}/in/big.bin", io.BytesIO(data), overwrite=True)
    on_disk = volume / "in/big.bin"
    assert on_disk.stat().st_size == len(data)
    assert _sha(on_disk.read_bytes()) == _sha(data)

    got = w.files.download(f"{VOL}/in/big.bin").contents.read()
    assert _sha(got) == _sha(data)

    meta = w.files.get_metadata(f"{VOL}/in/big.bin")
    assert meta.content_length == len(data)


def test_directories_and_delete(w, volume):
    w.files.create_directory(f"{VOL}/d/e")
    w.files.upload(f"{VOL}/d/a.txt", io.BytesIO(b"hello"), overwrite=True)
    entries = list(w.files.list_directory_contents(f"{VOL}/d"))
    assert [(e.name, e.is_directory) for e in entries] == [("a.txt", False), ("e", True)]
    assert entries[0].file_size == 5
    w.files.delete(f"{VOL}/d/a.txt")
    assert not (volume / "d/a.txt").exists()
    with pytest.raises(NotFound):
        w.files.get_metadata(f"{VOL}/d/a.txt")


def test_traversal_is_refused(w, volume, server):
    for p in (f"{VOL}/../../../etc/passwd", f"{VOL}/%2e%2e/%2e%2e/x"):
        r = requests.get(server.url + "/api/2.0/fs/files" + p, headers={"Authorization": "Bearer x"})
        assert r.status_code in (400, 404), p
