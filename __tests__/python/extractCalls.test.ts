// Call sites: RefExpr shapes, the `via` of each site, and which symbol each one is charged to.
import { describe, expect, it } from 'vitest';
import { calls, extract, py, symbol } from './extractHarness.js';

describe('RefExpr shapes', () => {
  it('reduces callees to name/attr/call/super/subscript/other chains', async () => {
    const record = await extract(py`
      def f(self, x):
          run()
          a.b.c()
          make().m()
          super().save()
          super(Kls, self).save()
          x[0]()
          handlers["k"]()
          factory()()
          (lambda: 1)()
          (obj).method()
          "sep".join(parts)
          self.items.append(x)
    `);
    expect(symbol(record, 'pkg.mod.f').calls).toEqual([
      { callee: { t: 'name', name: 'run' }, line: 2, via: 'call' },
      {
        callee: { t: 'attr', object: { t: 'attr', object: { t: 'name', name: 'a' }, attr: 'b' }, attr: 'c' },
        line: 3,
        via: 'call',
      },
      { callee: { t: 'attr', object: { t: 'call', callee: { t: 'name', name: 'make' } }, attr: 'm' }, line: 4, via: 'call' },
      { callee: { t: 'name', name: 'make' }, line: 4, via: 'call' },
      { callee: { t: 'attr', object: { t: 'super' }, attr: 'save' }, line: 5, via: 'call' },
      { callee: { t: 'name', name: 'super' }, line: 5, via: 'call' },
      { callee: { t: 'attr', object: { t: 'super' }, attr: 'save' }, line: 6, via: 'call' },
      { callee: { t: 'name', name: 'super' }, line: 6, via: 'call', args: [{ t: 'name', name: 'Kls' }, { t: 'name', name: 'self' }], shape: { positional: 2 } },
      { callee: { t: 'subscript', object: { t: 'name', name: 'x' } }, line: 7, via: 'call' },
      { callee: { t: 'subscript', object: { t: 'name', name: 'handlers' } }, line: 8, via: 'call' },
      { callee: { t: 'call', callee: { t: 'name', name: 'factory' } }, line: 9, via: 'call' },
      { callee: { t: 'name', name: 'factory' }, line: 9, via: 'call' },
      { callee: { t: 'other' }, line: 10, via: 'call' },
      { callee: { t: 'attr', object: { t: 'name', name: 'obj' }, attr: 'method' }, line: 11, via: 'call' },
      { callee: { t: 'attr', object: { t: 'other' }, attr: 'join' }, line: 12, via: 'call', args: [{ t: 'name', name: 'parts' }], shape: { positional: 1 } },
      {
        callee: { t: 'attr', object: { t: 'attr', object: { t: 'name', name: 'self' }, attr: 'items' }, attr: 'append' },
        line: 13,
        via: 'call',
        args: [{ t: 'name', name: 'x' }],
        shape: { positional: 1 },
      },
    ]);
  });

  it('treats prefixed string literals, literals and keywords as `other` bases', async () => {
    const record = await extract('r"a".join(x)\nf"{y}".format(z)\n[1, 2].count(1)\nNone.x()\n(a or b).m()\n');
    expect(calls(symbol(record, 'pkg.mod'))).toEqual([
      'call:<other>.join@1',
      'call:<other>.format@2',
      'call:<other>.count@3',
      'call:<other>.x@4',
      'call:<other>.m@5',
    ]);
  });

  it('reports the line where each link of a multi-line chain is written', async () => {
    const record = await extract(py`
      def q(session):
          return (session
              .query(User)
              .filter(active=True))
    `);
    expect(calls(symbol(record, 'pkg.mod.q'))).toEqual(['call:session.query@3', 'call:session.query().filter@4']);
  });

  it('does not count functions passed as arguments as calls', async () => {
    const record = await extract('def f():\n    sorted(items, key=keyfunc)\n    run(callback)\n');
    expect(calls(symbol(record, 'pkg.mod.f'))).toEqual(['call:sorted@2', 'call:run@3']);
  });
});

describe('attribute reads', () => {
  it('records the outermost plain attribute read as an access, once per chain', async () => {
    const record = await extract(py`
      def f(self, obj):
          a = self.prop
          b = obj.x.y
          c = make().field
          d = items[0].field
          e = "s".upper
          self.target = obj.value
          self.count += 1
          obj.x.y.z = 1
          return self.first.second()
    `);
    expect(calls(symbol(record, 'pkg.mod.f'))).toEqual([
      'access:self.prop@2',
      'access:obj.x.y@3',
      'call:make@4',
      'access:make().field@4',
      'access:obj.value@7',
      'access:self.count@8',
      'call:self.first.second@10',
    ]);
  });

  it('ignores attributes inside annotations', async () => {
    const record = await extract('def f(x: np.ndarray, y: Optional[mod.T] = None) -> typing.Any:\n    z: pd.Frame = x\n');
    expect(calls(symbol(record, 'pkg.mod'))).toEqual([]);
    expect(calls(symbol(record, 'pkg.mod.f'))).toEqual([]);
  });
});

describe('decorators', () => {
  it('charges @dec, @dec(args) and @a.b to the scope that defines the decorated symbol', async () => {
    const record = await extract(py`
      @app.route("/", methods=get_methods())
      def index():
          pass

      class View:
          @staticmethod
          @cached(ttl=ttl_for("view"))
          def render():
              pass

          @functools.wraps(f)
          def wrapper(self):
              pass

      def outer():
          @inner_dec
          def inner():
              pass
    `);
    // A decorator with arguments keeps its call: the factory runs, then what it returns is applied.
    expect(calls(symbol(record, 'pkg.mod'))).toEqual(['decorator:app.route()@1', 'call:get_methods@1']);
    expect(calls(symbol(record, 'pkg.mod.View'))).toEqual([
      'decorator:staticmethod@6',
      'decorator:cached()@7',
      'call:ttl_for@7',
      'decorator:functools.wraps()@11',
    ]);
    expect(calls(symbol(record, 'pkg.mod.outer'))).toEqual(['decorator:inner_dec@16']);
    expect(calls(symbol(record, 'pkg.mod.index'))).toEqual([]);
    expect(calls(symbol(record, 'pkg.mod.outer.inner'))).toEqual([]);
  });

  it('handles unusual decorator expressions through the syntax tree', async () => {
    const record = await extract('@registry[0]\ndef a(): pass\n@make(1).attach\ndef b(): pass\n');
    expect(calls(symbol(record, 'pkg.mod'))).toEqual([
      'decorator:registry[]@1',
      'decorator:make().attach@3',
      'call:make@3',
    ]);
  });
});

describe('scope attribution', () => {
  it('charges lambdas, comprehensions, defaults, class bodies and module code to the right symbol', async () => {
    const record = await extract(py`
      setup_logging()

      def f(x=default_value(), *, y=lambda: fallback()):
          key = lambda item: item.rank()
          values = [transform(v) for v in source() if check(v)]
          table = {k: build(k) for k in keys()}
          return sum(weigh(v) for v in values)

      class C(make_base()):
          attr = compute()
          handler = staticmethod(lambda: helper())

          def m(self):
              pass

      main()
    `);
    expect(calls(symbol(record, 'pkg.mod'), 'call')).toEqual([
      'call:setup_logging@1',
      'call:default_value@3',
      'call:fallback@3',
      'call:make_base@9',
      'call:main@16',
    ]);
    expect(calls(symbol(record, 'pkg.mod.f'))).toEqual([
      'call:item.rank@4',
      'call:transform@5',
      'call:source@5',
      'call:check@5',
      'call:build@6',
      'call:keys@6',
      'call:sum@7',
      'call:weigh@7',
    ]);
    expect(calls(symbol(record, 'pkg.mod.C'))).toEqual(['call:compute@10', 'call:staticmethod@11', 'call:helper@11']);
    expect(calls(symbol(record, 'pkg.mod.C.m'))).toEqual([]);
  });

  it('returns to the enclosing scope after a nested definition ends', async () => {
    const record = await extract(py`
      def outer():
          before()
          def inner():
              within()
          after()
      top()
    `);
    expect(calls(symbol(record, 'pkg.mod.outer'))).toEqual(['call:before@2', 'call:after@5']);
    expect(calls(symbol(record, 'pkg.mod.outer.inner'))).toEqual(['call:within@4']);
    expect(calls(symbol(record, 'pkg.mod'))).toEqual(['call:top@6']);
  });
});

describe('names outside ASCII and string prefixes in call chains', () => {
  it('reads identifiers with non-ASCII letters and marks, and literals with prefixes, like tree-sitter', async () => {
    const record = await extract(py`
      def f():
          größe.berechne()
          café_1.données.ajouter()
          naïve2()
          rb"x".decode()
          f"{a}".strip()
          Rb'x'.hex()
          r_value.go()
    `);
    expect(symbol(record, 'pkg.mod.f').calls.filter((c) => c.via === 'call').map((c) => c.callee)).toEqual([
      { t: 'attr', object: { t: 'name', name: 'größe' }, attr: 'berechne' },
      { t: 'attr', object: { t: 'attr', object: { t: 'name', name: 'café_1' }, attr: 'données' }, attr: 'ajouter' },
      { t: 'name', name: 'naïve2' },
      { t: 'attr', object: { t: 'other' }, attr: 'decode' },
      { t: 'attr', object: { t: 'other' }, attr: 'strip' },
      { t: 'attr', object: { t: 'other' }, attr: 'hex' },
      { t: 'attr', object: { t: 'name', name: 'r_value' }, attr: 'go' },
    ]);
  });
});
