"""Schema presets: the unique-marker layouts of DynamoDB libraries, as data.

``layouts`` holds each library's layout (read in its source, named in ``source``),
``electrodb`` ElectroDB's constraint-entity recipe, ``detect`` recognises markers in a sample
(``detect_preset``, which ``propose_schema`` calls first) and gives the CLI's ``--preset``.
"""

from dynoview.core.uniqueness.presets.base import Marker, SchemaPreset
from dynoview.core.uniqueness.presets.detect import detect_preset, preset_schema
from dynoview.core.uniqueness.presets.layouts import (
    PRESET_ARTICLE,
    PRESET_ELECTRODB,
    PRESET_ONETABLE,
    PRESET_ONETABLE_COLON,
    PRESET_ONETABLE_SCOPED,
    PRESET_TYPEDORM,
    PRESETS,
    get_preset,
    preset_names,
)

__all__ = [
    "PRESETS",
    "PRESET_ARTICLE",
    "PRESET_ELECTRODB",
    "PRESET_ONETABLE",
    "PRESET_ONETABLE_COLON",
    "PRESET_ONETABLE_SCOPED",
    "PRESET_TYPEDORM",
    "Marker",
    "SchemaPreset",
    "detect_preset",
    "get_preset",
    "preset_names",
    "preset_schema",
]
