"""What a read of the items view can ask for (``core.reads.browse`` builds the request): the
key condition's and the filter's operators, and the page size when none is chosen.

Apart from the request code so the Items tab's read form can offer them before the window's
first paint without importing it (it loads when a read is run).
"""

SORT_KEY_OPERATORS = ("=", "<", "<=", ">", ">=", "begins_with", "between")
FILTER_OPERATORS = ("=", "<>", "<", "<=", ">", ">=", "between", "in", "begins_with", "contains",
                    "attribute_exists", "attribute_not_exists")
UNARY_OPERATORS = frozenset({"attribute_exists", "attribute_not_exists"})  # no value to compare
DEFAULT_PAGE_SIZE = 100
MAX_IN_VALUES = 100  # DynamoDB's limit on the values of one IN
