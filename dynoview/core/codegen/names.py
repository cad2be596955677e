"""Identifiers in generated code, made from schema names as words of ASCII letters and digits.

A rule may be named anything ("e-mail", "class", "почта"); generated code only ever holds
identifiers built here, never the name itself, so a name cannot become code. The name
appears in generated code only inside string literals, quoted by each language's emitter.
Words join as snake_case for Python and camelCase for TypeScript.
"""

from __future__ import annotations

import keyword
import re

import dynoview.core.codegen.python_runtime as python_runtime
import dynoview.core.codegen.typescript_checks as typescript_checks
import dynoview.core.codegen.typescript_runtime as typescript_runtime

Words = tuple[str, ...]

_WORD = re.compile(r"[A-Za-z0-9]+")
#: A name the fixed part of a generated module declares at its top level (a function, class,
#: constant or type): a parameter or a destructured input of that name would shadow it.
_DECLARED = re.compile(r"^(?:export )?(?:async )?(?:def|class|function|const|let|interface|type)\s+"
                       r"([A-Za-z_$][\w$]*)|^([A-Za-z_]\w*)\s*[:=]", re.MULTILINE)


def _declared() -> set[str]:
    """The top-level names of the runtimes' texts, so a helper added there is reserved too."""
    texts = [text for module in (python_runtime, typescript_runtime, typescript_checks)
             for name, text in vars(module).items() if name.isupper() and isinstance(text, str)]
    return {a or b for text in texts for a, b in _DECLARED.findall(text)}

#: Reserved in either language (TypeScript's strict-mode and contextual keywords included) or
#: used by the generated module itself: a rule named so gets "value" appended.
RESERVED = frozenset({
    *keyword.kwlist, *keyword.softkwlist,
    "abstract", "any", "arguments", "as", "async", "await", "boolean", "break", "case", "catch",
    "class", "const", "constructor", "continue", "debugger", "declare", "default", "delete", "do",
    "else", "enum", "eval", "export", "extends", "false", "finally", "for", "from", "function",
    "get", "if", "implements", "import", "in", "infer", "instanceof", "interface", "is", "keyof",
    "let", "module", "namespace", "never", "new", "null", "number", "object", "of", "package",
    "private", "protected", "public", "readonly", "require", "return", "set", "static", "string",
    "super", "switch", "symbol", "this", "throw", "true", "try", "type", "typeof", "undefined",
    "unique", "unknown", "var", "void", "while", "with", "yield",
    # Names of the generated module's own parameters and helpers.
    "client", "input", "options", "items", "failures", "attributes", "account", "field",
    "value", "token", "attempt", "error", "exc", "uuid", "time", "random", "re", "unicodedata",
    "boto3", "example",
    # Parameters the generated functions take besides the protected values.
    "account_id", "table_name", "max_attempts", "keep_account_id", "other_account_id",
    "former_owner_id", "client_request_token", "clientRequestToken", "locks_table_name",
    "locksTableName",
    # Locals of a release given its former owner: the owner read, and its value.
    "former_owner", "owner_value", "formerOwner", "ownerValue",
    # Helpers and builtins the functions call (TypeScript's in camelCase).
    "str", "strip", "sleep", "failure", "transact", "new_value", "extra_attributes",
    "error_name", "is_space", "case_fold", "nfkc_casefold", "error_for_failed_conditions",
    "tableName", "maxAttempts", "newValue", "extraAttributes", "errorName", "isSpace", "caseFold",
    "nfkcCasefold", "errorForFailedConditions", "check_token", "read_owner", "owner_holds",
    # And every name the runtimes declare (TypeScript's checkToken, readOwner, ownerHolds, ...).
    *_declared(),
})


#: What generated code puts before a rule's words to name a parameter of its value.
_PREFIXES: tuple[Words, ...] = ((), ("current",), ("new",), ("other",))


def _clashes(words: Words) -> bool:
    """Whether a name made from a rule's words (its parameters, and their ``<value>_key``
    normalised forms, in either language) is reserved, or would read as another's."""
    if words[-1] == "key":
        return True
    made = [(*prefix, *words, *tail) for prefix in _PREFIXES for tail in ((), ("key",))]
    return any(snake(w) in RESERVED or camel(w) in RESERVED for w in made)


def words_of(name: str) -> Words:
    """The ASCII letter-and-digit runs of a name, lower case: "E-Mail" -> ("e", "mail")."""
    return tuple(w.lower() for w in _WORD.findall(name))


def rule_words(names: list[str]) -> list[Words]:
    """Words for each rule name, distinct from each other (in both spellings) and never a
    reserved name.

    A name with no ASCII letters becomes ``rule<N>``; a leading digit gets ``rule`` before
    it; a reserved name, one ending in "key" (``<value>_key`` holds a value's normalised
    form), or one making a reserved name with what generated code puts around it
    (``new_<rule>``, ``<rule>_key``) gets "value" after it until none does ("new" becomes
    "new_value_value", as "newValue" is a helper); a name whose words another rule already
    has gets its position after it. A name starting with "normalise" gets "value" after it too (the
    normalisers are ``normalise_<rule>``).
    """
    out: list[Words] = []
    for index, name in enumerate(names):
        words = words_of(name) or (f"rule{index + 1}",)
        if words[0][0].isdigit():
            words = ("rule", *words)
        # "normalise_<rule>" names a rule's normaliser, so no rule may start with "normalise".
        if words[0] == "normalise":
            words = (*words, "value")
        # Appending "value" can make another reserved name ("new" -> "newValue", a helper),
        # so it is appended until no name made from the words is reserved.
        while _clashes(words):
            words = (*words, "value")
        while words in out or camel(words) in {camel(w) for w in out}:
            words = (*words, str(index + 1))
        out.append(words)
    return out


def snake(words: Words) -> str:
    return "_".join(words)


def camel(words: Words) -> str:
    return words[0] + "".join(w[:1].upper() + w[1:] for w in words[1:])


def pascal(words: Words) -> str:
    return "".join(w[:1].upper() + w[1:] for w in words)


def upper_snake(words: Words) -> str:
    return "_".join(words).upper()
