// Names Python provides without an import. A call that resolves to one of these is a builtin call:
// no edge, and no name-based guess either (the issue: "calls on builtins produce no edge").
export const BUILTIN_NAMES: ReadonlySet<string> = new Set(
  (
    'abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile ' +
    'complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset ' +
    'getattr globals hasattr hash help hex id input int isinstance issubclass iter len license list locals map ' +
    'max memoryview min next object oct open ord pow print property quit range repr reversed round set setattr ' +
    'slice sorted staticmethod str sum super tuple type vars zip __import__ __build_class__ ' +
    'BaseException BaseExceptionGroup Exception ExceptionGroup ArithmeticError AssertionError AttributeError ' +
    'BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ' +
    'ConnectionError ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError EncodingWarning ' +
    'EnvironmentError FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ' +
    'ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError ' +
    'KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplemented ' +
    'NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError ' +
    'RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration ' +
    'SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError ' +
    'UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ' +
    'ValueError Warning ZeroDivisionError Ellipsis None True False __name__ __file__ __doc__ __package__ ' +
    '__spec__ __loader__ __builtins__ __debug__'
  ).split(' '),
);

/**
 * Methods of str, bytes, list, dict, set, tuple, int and float. A call of one of these on a receiver
 * the resolver cannot type is far more often the builtin method than a project method of that name,
 * so the name-based fallback skips it rather than link `"".join(x)` to every project `join`.
 */
export const BUILTIN_METHOD_NAMES: ReadonlySet<string> = new Set(
  (
    'append extend insert remove pop clear index count sort reverse copy keys values items get setdefault ' +
    'update popitem fromkeys add discard difference difference_update intersection intersection_update ' +
    'isdisjoint issubset issuperset symmetric_difference symmetric_difference_update union join split rsplit ' +
    'splitlines strip lstrip rstrip startswith endswith replace lower upper title capitalize casefold ' +
    'swapcase find rfind rindex format format_map encode decode partition rpartition center ljust rjust ' +
    'zfill expandtabs isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable ' +
    'isspace istitle isupper maketrans translate removeprefix removesuffix hex fromhex bit_length ' +
    'bit_count to_bytes from_bytes as_integer_ratio is_integer conjugate'
  ).split(' '),
);
