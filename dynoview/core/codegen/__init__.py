"""Application code for a uniqueness schema: the data access functions (sign up, change each
protected value, delete account, claim a missing lock, release an orphan lock, resolve a
duplicate) in Python (boto3) or TypeScript (SDK v3), each sending the builder's template
transaction. ``model`` derives the operations from ``dynoview.core.tx.templates`` as data;
``python`` and ``typescript`` write them with each language's own quoting.
"""

from __future__ import annotations

from dynoview.core.codegen.files import file_name, generated_for
from dynoview.core.codegen.model import TEMPLATES, CodegenError
from dynoview.core.codegen.template import LANGUAGES, PYTHON, TYPESCRIPT, module_code, template_code

__all__ = ["LANGUAGES", "PYTHON", "TEMPLATES", "TYPESCRIPT", "CodegenError", "file_name",
           "generated_for", "module_code", "template_code"]
