"""DynamoDB's limit on the operators of one expression, counted as DynamoDB counts them.

Measured on DynamoDB Local 1.25.1 (tests/differential, category ``limits``): each AND, OR and
NOT, each comparison (``=``, ``<>``, ``<``, ``<=``, ``>``, ``>=``), each BETWEEN (its inner AND
is not another) and IN (whatever its number of values), each function call (``size`` too,
``if_not_exists`` and ``list_append`` in updates) and each ``+`` or ``-`` of a SET counts one.
Parentheses, paths, values, the ``=`` of a SET action and the REMOVE, ADD and DELETE actions
count nothing. The condition and the update of an action are counted apart.
"""

from __future__ import annotations

from dynoview.core.expressions.nodes import (
    And,
    Arithmetic,
    Between,
    Comparison,
    FunctionCall,
    In,
    Node,
    Not,
    Or,
    walk,
)

#: DynamoDB refuses an expression with more operators than this ("too many operators").
MAX_OPERATORS = 300


def operator_count(tree: Node) -> int:
    """The operators DynamoDB counts in a parsed condition or update expression."""
    count = 0
    for node in walk(tree):
        if isinstance(node, And | Or):
            count += len(node.operands) - 1
        elif isinstance(node, Not | Comparison | Between | In | FunctionCall | Arithmetic):
            count += 1
    return count


def too_many_operators(tree: Node, what: str) -> str | None:
    """The refusal of an expression over the limit, or None."""
    count = operator_count(tree)
    if count <= MAX_OPERATORS:
        return None
    return (f"The {what} expression has {count} operators; DynamoDB allows at most {MAX_OPERATORS} "
            "(each AND, OR, NOT, comparison, BETWEEN, IN, function call, + and - counts one). "
            "Split the work across several actions or transactions.")
