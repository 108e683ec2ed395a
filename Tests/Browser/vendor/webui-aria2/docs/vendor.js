(window.webpackJsonp = window.webpackJsonp || []).push([
  [1],
  {
    0: function(t, e, n) {
      n(30), (t.exports = angular);
    },
    1: function(t, e, n) {
      var r;
      /*!
 * jQuery JavaScript Library v3.3.1
 * https://jquery.com/
 *
 * Includes Sizzle.js
 * https://sizzlejs.com/
 *
 * Copyright JS Foundation and other contributors
 * Released under the MIT license
 * https://jquery.org/license
 *
 * Date: 2018-01-20T17:24Z
 */
      /*!
 * jQuery JavaScript Library v3.3.1
 * https://jquery.com/
 *
 * Includes Sizzle.js
 * https://sizzlejs.com/
 *
 * Copyright JS Foundation and other contributors
 * Released under the MIT license
 * https://jquery.org/license
 *
 * Date: 2018-01-20T17:24Z
 */
      !(function(e, n) {
        "use strict";
        "object" == typeof t && "object" == typeof t.exports
          ? (t.exports = e.document
              ? n(e, !0)
              : function(t) {
                  if (!t.document) throw new Error("jQuery requires a window with a document");
                  return n(t);
                })
          : n(e);
      })("undefined" != typeof window ? window : this, function(n, i) {
        "use strict";
        var o = [],
          a = n.document,
          u = Object.getPrototypeOf,
          s = o.slice,
          c = o.concat,
          l = o.push,
          f = o.indexOf,
          p = {},
          h = p.toString,
          d = p.hasOwnProperty,
          v = d.toString,
          g = v.call(Object),
          m = {},
          $ = function(t) {
            return "function" == typeof t && "number" != typeof t.nodeType;
          },
          y = function(t) {
            return null != t && t === t.window;
          },
          b = { type: !0, src: !0, noModule: !0 };
        function w(t, e, n) {
          var r,
            i = (e = e || a).createElement("script");
          if (((i.text = t), n)) for (r in b) n[r] && (i[r] = n[r]);
          e.head.appendChild(i).parentNode.removeChild(i);
        }
        function x(t) {
          return null == t
            ? t + ""
            : "object" == typeof t || "function" == typeof t
              ? p[h.call(t)] || "object"
              : typeof t;
        }
        var _ = function(t, e) {
            return new _.fn.init(t, e);
          },
          C = /^[\s\uFEFF\xA0]+|[\s\uFEFF\xA0]+$/g;
        function S(t) {
          var e = !!t && "length" in t && t.length,
            n = x(t);
          return (
            !$(t) &&
            !y(t) &&
            ("array" === n || 0 === e || ("number" == typeof e && e > 0 && e - 1 in t))
          );
        }
        (_.fn = _.prototype = {
          jquery: "3.3.1",
          constructor: _,
          length: 0,
          toArray: function() {
            return s.call(this);
          },
          get: function(t) {
            return null == t ? s.call(this) : t < 0 ? this[t + this.length] : this[t];
          },
          pushStack: function(t) {
            var e = _.merge(this.constructor(), t);
            return (e.prevObject = this), e;
          },
          each: function(t) {
            return _.each(this, t);
          },
          map: function(t) {
            return this.pushStack(
              _.map(this, function(e, n) {
                return t.call(e, n, e);
              })
            );
          },
          slice: function() {
            return this.pushStack(s.apply(this, arguments));
          },
          first: function() {
            return this.eq(0);
          },
          last: function() {
            return this.eq(-1);
          },
          eq: function(t) {
            var e = this.length,
              n = +t + (t < 0 ? e : 0);
            return this.pushStack(n >= 0 && n < e ? [this[n]] : []);
          },
          end: function() {
            return this.prevObject || this.constructor();
          },
          push: l,
          sort: o.sort,
          splice: o.splice
        }),
          (_.extend = _.fn.extend = function() {
            var t,
              e,
              n,
              r,
              i,
              o,
              a = arguments[0] || {},
              u = 1,
              s = arguments.length,
              c = !1;
            for (
              "boolean" == typeof a && ((c = a), (a = arguments[u] || {}), u++),
                "object" == typeof a || $(a) || (a = {}),
                u === s && ((a = this), u--);
              u < s;
              u++
            )
              if (null != (t = arguments[u]))
                for (e in t)
                  (n = a[e]),
                    a !== (r = t[e]) &&
                      (c && r && (_.isPlainObject(r) || (i = Array.isArray(r)))
                        ? (i
                            ? ((i = !1), (o = n && Array.isArray(n) ? n : []))
                            : (o = n && _.isPlainObject(n) ? n : {}),
                          (a[e] = _.extend(c, o, r)))
                        : void 0 !== r && (a[e] = r));
            return a;
          }),
          _.extend({
            expando: "jQuery" + ("3.3.1" + Math.random()).replace(/\D/g, ""),
            isReady: !0,
            error: function(t) {
              throw new Error(t);
            },
            noop: function() {},
            isPlainObject: function(t) {
              var e, n;
              return (
                !(!t || "[object Object]" !== h.call(t)) &&
                (!(e = u(t)) ||
                  ("function" == typeof (n = d.call(e, "constructor") && e.constructor) &&
                    v.call(n) === g))
              );
            },
            isEmptyObject: function(t) {
              var e;
              for (e in t) return !1;
              return !0;
            },
            globalEval: function(t) {
              w(t);
            },
            each: function(t, e) {
              var n,
                r = 0;
              if (S(t)) for (n = t.length; r < n && !1 !== e.call(t[r], r, t[r]); r++);
              else for (r in t) if (!1 === e.call(t[r], r, t[r])) break;
              return t;
            },
            trim: function(t) {
              return null == t ? "" : (t + "").replace(C, "");
            },
            makeArray: function(t, e) {
              var n = e || [];
              return (
                null != t &&
                  (S(Object(t)) ? _.merge(n, "string" == typeof t ? [t] : t) : l.call(n, t)),
                n
              );
            },
            inArray: function(t, e, n) {
              return null == e ? -1 : f.call(e, t, n);
            },
            merge: function(t, e) {
              for (var n = +e.length, r = 0, i = t.length; r < n; r++) t[i++] = e[r];
              return (t.length = i), t;
            },
            grep: function(t, e, n) {
              for (var r = [], i = 0, o = t.length, a = !n; i < o; i++)
                !e(t[i], i) !== a && r.push(t[i]);
              return r;
            },
            map: function(t, e, n) {
              var r,
                i,
                o = 0,
                a = [];
              if (S(t)) for (r = t.length; o < r; o++) null != (i = e(t[o], o, n)) && a.push(i);
              else for (o in t) null != (i = e(t[o], o, n)) && a.push(i);
              return c.apply([], a);
            },
            guid: 1,
            support: m
          }),
          "function" == typeof Symbol && (_.fn[Symbol.iterator] = o[Symbol.iterator]),
          _.each(
            "Boolean Number String Function Array Date RegExp Object Error Symbol".split(" "),
            function(t, e) {
              p["[object " + e + "]"] = e.toLowerCase();
            }
          );
        var E =
          /*!
 * Sizzle CSS Selector Engine v2.3.3
 * https://sizzlejs.com/
 *
 * Copyright jQuery Foundation and other contributors
 * Released under the MIT license
 * http://jquery.org/license
 *
 * Date: 2016-08-08
 */
          (function(t) {
            var e,
              n,
              r,
              i,
              o,
              a,
              u,
              s,
              c,
              l,
              f,
              p,
              h,
              d,
              v,
              g,
              m,
              $,
              y,
              b = "sizzle" + 1 * new Date(),
              w = t.document,
              x = 0,
              _ = 0,
              C = at(),
              S = at(),
              E = at(),
              k = function(t, e) {
                return t === e && (f = !0), 0;
              },
              A = {}.hasOwnProperty,
              T = [],
              O = T.pop,
              j = T.push,
              N = T.push,
              M = T.slice,
              L = function(t, e) {
                for (var n = 0, r = t.length; n < r; n++) if (t[n] === e) return n;
                return -1;
              },
              D =
                "checked|selected|async|autofocus|autoplay|controls|defer|disabled|hidden|ismap|loop|multiple|open|readonly|required|scoped",
              I = "[\\x20\\t\\r\\n\\f]",
              R = "(?:\\\\.|[\\w-]|[^\0-\\xa0])+",
              P =
                "\\[" +
                I +
                "*(" +
                R +
                ")(?:" +
                I +
                "*([*^$|!~]?=)" +
                I +
                "*(?:'((?:\\\\.|[^\\\\'])*)'|\"((?:\\\\.|[^\\\\\"])*)\"|(" +
                R +
                "))|)" +
                I +
                "*\\]",
              V =
                ":(" +
                R +
                ")(?:\\((('((?:\\\\.|[^\\\\'])*)'|\"((?:\\\\.|[^\\\\\"])*)\")|((?:\\\\.|[^\\\\()[\\]]|" +
                P +
                ")*)|.*)\\)|)",
              q = new RegExp(I + "+", "g"),
              U = new RegExp("^" + I + "+|((?:^|[^\\\\])(?:\\\\.)*)" + I + "+$", "g"),
              F = new RegExp("^" + I + "*," + I + "*"),
              H = new RegExp("^" + I + "*([>+~]|" + I + ")" + I + "*"),
              B = new RegExp("=" + I + "*([^\\]'\"]*?)" + I + "*\\]", "g"),
              z = new RegExp(V),
              W = new RegExp("^" + R + "$"),
              G = {
                ID: new RegExp("^#(" + R + ")"),
                CLASS: new RegExp("^\\.(" + R + ")"),
                TAG: new RegExp("^(" + R + "|[*])"),
                ATTR: new RegExp("^" + P),
                PSEUDO: new RegExp("^" + V),
                CHILD: new RegExp(
                  "^:(only|first|last|nth|nth-last)-(child|of-type)(?:\\(" +
                    I +
                    "*(even|odd|(([+-]|)(\\d*)n|)" +
                    I +
                    "*(?:([+-]|)" +
                    I +
                    "*(\\d+)|))" +
                    I +
                    "*\\)|)",
                  "i"
                ),
                bool: new RegExp("^(?:" + D + ")$", "i"),
                needsContext: new RegExp(
                  "^" +
                    I +
                    "*[>+~]|:(even|odd|eq|gt|lt|nth|first|last)(?:\\(" +
                    I +
                    "*((?:-\\d)?\\d*)" +
                    I +
                    "*\\)|)(?=[^-]|$)",
                  "i"
                )
              },
              K = /^(?:input|select|textarea|button)$/i,
              J = /^h\d$/i,
              Y = /^[^{]+\{\s*\[native \w/,
              Z = /^(?:#([\w-]+)|(\w+)|\.([\w-]+))$/,
              X = /[+~]/,
              Q = new RegExp("\\\\([\\da-f]{1,6}" + I + "?|(" + I + ")|.)", "ig"),
              tt = function(t, e, n) {
                var r = "0x" + e - 65536;
                return r != r || n
                  ? e
                  : r < 0
                    ? String.fromCharCode(r + 65536)
                    : String.fromCharCode((r >> 10) | 55296, (1023 & r) | 56320);
              },
              et = /([\0-\x1f\x7f]|^-?\d)|^-$|[^\0-\x1f\x7f-\uFFFF\w-]/g,
              nt = function(t, e) {
                return e
                  ? "\0" === t
                    ? "�"
                    : t.slice(0, -1) + "\\" + t.charCodeAt(t.length - 1).toString(16) + " "
                  : "\\" + t;
              },
              rt = function() {
                p();
              },
              it = $t(
                function(t) {
                  return !0 === t.disabled && ("form" in t || "label" in t);
                },
                { dir: "parentNode", next: "legend" }
              );
            try {
              N.apply((T = M.call(w.childNodes)), w.childNodes), T[w.childNodes.length].nodeType;
            } catch (t) {
              N = {
                apply: T.length
                  ? function(t, e) {
                      j.apply(t, M.call(e));
                    }
                  : function(t, e) {
                      for (var n = t.length, r = 0; (t[n++] = e[r++]); );
                      t.length = n - 1;
                    }
              };
            }
            function ot(t, e, r, i) {
              var o,
                u,
                c,
                l,
                f,
                d,
                m,
                $ = e && e.ownerDocument,
                x = e ? e.nodeType : 9;
              if (((r = r || []), "string" != typeof t || !t || (1 !== x && 9 !== x && 11 !== x)))
                return r;
              if (!i && ((e ? e.ownerDocument || e : w) !== h && p(e), (e = e || h), v)) {
                if (11 !== x && (f = Z.exec(t)))
                  if ((o = f[1])) {
                    if (9 === x) {
                      if (!(c = e.getElementById(o))) return r;
                      if (c.id === o) return r.push(c), r;
                    } else if ($ && (c = $.getElementById(o)) && y(e, c) && c.id === o)
                      return r.push(c), r;
                  } else {
                    if (f[2]) return N.apply(r, e.getElementsByTagName(t)), r;
                    if ((o = f[3]) && n.getElementsByClassName && e.getElementsByClassName)
                      return N.apply(r, e.getElementsByClassName(o)), r;
                  }
                if (n.qsa && !E[t + " "] && (!g || !g.test(t))) {
                  if (1 !== x) ($ = e), (m = t);
                  else if ("object" !== e.nodeName.toLowerCase()) {
                    for (
                      (l = e.getAttribute("id"))
                        ? (l = l.replace(et, nt))
                        : e.setAttribute("id", (l = b)),
                        u = (d = a(t)).length;
                      u--;

                    )
                      d[u] = "#" + l + " " + mt(d[u]);
                    (m = d.join(",")), ($ = (X.test(t) && vt(e.parentNode)) || e);
                  }
                  if (m)
                    try {
                      return N.apply(r, $.querySelectorAll(m)), r;
                    } catch (t) {
                    } finally {
                      l === b && e.removeAttribute("id");
                    }
                }
              }
              return s(t.replace(U, "$1"), e, r, i);
            }
            function at() {
              var t = [];
              return function e(n, i) {
                return t.push(n + " ") > r.cacheLength && delete e[t.shift()], (e[n + " "] = i);
              };
            }
            function ut(t) {
              return (t[b] = !0), t;
            }
            function st(t) {
              var e = h.createElement("fieldset");
              try {
                return !!t(e);
              } catch (t) {
                return !1;
              } finally {
                e.parentNode && e.parentNode.removeChild(e), (e = null);
              }
            }
            function ct(t, e) {
              for (var n = t.split("|"), i = n.length; i--; ) r.attrHandle[n[i]] = e;
            }
            function lt(t, e) {
              var n = e && t,
                r = n && 1 === t.nodeType && 1 === e.nodeType && t.sourceIndex - e.sourceIndex;
              if (r) return r;
              if (n) for (; (n = n.nextSibling); ) if (n === e) return -1;
              return t ? 1 : -1;
            }
            function ft(t) {
              return function(e) {
                return "input" === e.nodeName.toLowerCase() && e.type === t;
              };
            }
            function pt(t) {
              return function(e) {
                var n = e.nodeName.toLowerCase();
                return ("input" === n || "button" === n) && e.type === t;
              };
            }
            function ht(t) {
              return function(e) {
                return "form" in e
                  ? e.parentNode && !1 === e.disabled
                    ? "label" in e
                      ? "label" in e.parentNode
                        ? e.parentNode.disabled === t
                        : e.disabled === t
                      : e.isDisabled === t || (e.isDisabled !== !t && it(e) === t)
                    : e.disabled === t
                  : "label" in e && e.disabled === t;
              };
            }
            function dt(t) {
              return ut(function(e) {
                return (
                  (e = +e),
                  ut(function(n, r) {
                    for (var i, o = t([], n.length, e), a = o.length; a--; )
                      n[(i = o[a])] && (n[i] = !(r[i] = n[i]));
                  })
                );
              });
            }
            function vt(t) {
              return t && void 0 !== t.getElementsByTagName && t;
            }
            for (e in ((n = ot.support = {}),
            (o = ot.isXML = function(t) {
              var e = t && (t.ownerDocument || t).documentElement;
              return !!e && "HTML" !== e.nodeName;
            }),
            (p = ot.setDocument = function(t) {
              var e,
                i,
                a = t ? t.ownerDocument || t : w;
              return a !== h && 9 === a.nodeType && a.documentElement
                ? ((d = (h = a).documentElement),
                  (v = !o(h)),
                  w !== h &&
                    (i = h.defaultView) &&
                    i.top !== i &&
                    (i.addEventListener
                      ? i.addEventListener("unload", rt, !1)
                      : i.attachEvent && i.attachEvent("onunload", rt)),
                  (n.attributes = st(function(t) {
                    return (t.className = "i"), !t.getAttribute("className");
                  })),
                  (n.getElementsByTagName = st(function(t) {
                    return t.appendChild(h.createComment("")), !t.getElementsByTagName("*").length;
                  })),
                  (n.getElementsByClassName = Y.test(h.getElementsByClassName)),
                  (n.getById = st(function(t) {
                    return (
                      (d.appendChild(t).id = b),
                      !h.getElementsByName || !h.getElementsByName(b).length
                    );
                  })),
                  n.getById
                    ? ((r.filter.ID = function(t) {
                        var e = t.replace(Q, tt);
                        return function(t) {
                          return t.getAttribute("id") === e;
                        };
                      }),
                      (r.find.ID = function(t, e) {
                        if (void 0 !== e.getElementById && v) {
                          var n = e.getElementById(t);
                          return n ? [n] : [];
                        }
                      }))
                    : ((r.filter.ID = function(t) {
                        var e = t.replace(Q, tt);
                        return function(t) {
                          var n = void 0 !== t.getAttributeNode && t.getAttributeNode("id");
                          return n && n.value === e;
                        };
                      }),
                      (r.find.ID = function(t, e) {
                        if (void 0 !== e.getElementById && v) {
                          var n,
                            r,
                            i,
                            o = e.getElementById(t);
                          if (o) {
                            if ((n = o.getAttributeNode("id")) && n.value === t) return [o];
                            for (i = e.getElementsByName(t), r = 0; (o = i[r++]); )
                              if ((n = o.getAttributeNode("id")) && n.value === t) return [o];
                          }
                          return [];
                        }
                      })),
                  (r.find.TAG = n.getElementsByTagName
                    ? function(t, e) {
                        return void 0 !== e.getElementsByTagName
                          ? e.getElementsByTagName(t)
                          : n.qsa
                            ? e.querySelectorAll(t)
                            : void 0;
                      }
                    : function(t, e) {
                        var n,
                          r = [],
                          i = 0,
                          o = e.getElementsByTagName(t);
                        if ("*" === t) {
                          for (; (n = o[i++]); ) 1 === n.nodeType && r.push(n);
                          return r;
                        }
                        return o;
                      }),
                  (r.find.CLASS =
                    n.getElementsByClassName &&
                    function(t, e) {
                      if (void 0 !== e.getElementsByClassName && v)
                        return e.getElementsByClassName(t);
                    }),
                  (m = []),
                  (g = []),
                  (n.qsa = Y.test(h.querySelectorAll)) &&
                    (st(function(t) {
                      (d.appendChild(t).innerHTML =
                        "<a id='" +
                        b +
                        "'></a><select id='" +
                        b +
                        "-\r\\' msallowcapture=''><option selected=''></option></select>"),
                        t.querySelectorAll("[msallowcapture^='']").length &&
                          g.push("[*^$]=" + I + "*(?:''|\"\")"),
                        t.querySelectorAll("[selected]").length ||
                          g.push("\\[" + I + "*(?:value|" + D + ")"),
                        t.querySelectorAll("[id~=" + b + "-]").length || g.push("~="),
                        t.querySelectorAll(":checked").length || g.push(":checked"),
                        t.querySelectorAll("a#" + b + "+*").length || g.push(".#.+[+~]");
                    }),
                    st(function(t) {
                      t.innerHTML =
                        "<a href='' disabled='disabled'></a><select disabled='disabled'><option/></select>";
                      var e = h.createElement("input");
                      e.setAttribute("type", "hidden"),
                        t.appendChild(e).setAttribute("name", "D"),
                        t.querySelectorAll("[name=d]").length && g.push("name" + I + "*[*^$|!~]?="),
                        2 !== t.querySelectorAll(":enabled").length &&
                          g.push(":enabled", ":disabled"),
                        (d.appendChild(t).disabled = !0),
                        2 !== t.querySelectorAll(":disabled").length &&
                          g.push(":enabled", ":disabled"),
                        t.querySelectorAll("*,:x"),
                        g.push(",.*:");
                    })),
                  (n.matchesSelector = Y.test(
                    ($ =
                      d.matches ||
                      d.webkitMatchesSelector ||
                      d.mozMatchesSelector ||
                      d.oMatchesSelector ||
                      d.msMatchesSelector)
                  )) &&
                    st(function(t) {
                      (n.disconnectedMatch = $.call(t, "*")),
                        $.call(t, "[s!='']:x"),
                        m.push("!=", V);
                    }),
                  (g = g.length && new RegExp(g.join("|"))),
                  (m = m.length && new RegExp(m.join("|"))),
                  (e = Y.test(d.compareDocumentPosition)),
                  (y =
                    e || Y.test(d.contains)
                      ? function(t, e) {
                          var n = 9 === t.nodeType ? t.documentElement : t,
                            r = e && e.parentNode;
                          return (
                            t === r ||
                            !(
                              !r ||
                              1 !== r.nodeType ||
                              !(n.contains
                                ? n.contains(r)
                                : t.compareDocumentPosition && 16 & t.compareDocumentPosition(r))
                            )
                          );
                        }
                      : function(t, e) {
                          if (e) for (; (e = e.parentNode); ) if (e === t) return !0;
                          return !1;
                        }),
                  (k = e
                    ? function(t, e) {
                        if (t === e) return (f = !0), 0;
                        var r = !t.compareDocumentPosition - !e.compareDocumentPosition;
                        return (
                          r ||
                          (1 &
                            (r =
                              (t.ownerDocument || t) === (e.ownerDocument || e)
                                ? t.compareDocumentPosition(e)
                                : 1) ||
                          (!n.sortDetached && e.compareDocumentPosition(t) === r)
                            ? t === h || (t.ownerDocument === w && y(w, t))
                              ? -1
                              : e === h || (e.ownerDocument === w && y(w, e))
                                ? 1
                                : l
                                  ? L(l, t) - L(l, e)
                                  : 0
                            : 4 & r
                              ? -1
                              : 1)
                        );
                      }
                    : function(t, e) {
                        if (t === e) return (f = !0), 0;
                        var n,
                          r = 0,
                          i = t.parentNode,
                          o = e.parentNode,
                          a = [t],
                          u = [e];
                        if (!i || !o)
                          return t === h
                            ? -1
                            : e === h
                              ? 1
                              : i
                                ? -1
                                : o
                                  ? 1
                                  : l
                                    ? L(l, t) - L(l, e)
                                    : 0;
                        if (i === o) return lt(t, e);
                        for (n = t; (n = n.parentNode); ) a.unshift(n);
                        for (n = e; (n = n.parentNode); ) u.unshift(n);
                        for (; a[r] === u[r]; ) r++;
                        return r ? lt(a[r], u[r]) : a[r] === w ? -1 : u[r] === w ? 1 : 0;
                      }),
                  h)
                : h;
            }),
            (ot.matches = function(t, e) {
              return ot(t, null, null, e);
            }),
            (ot.matchesSelector = function(t, e) {
              if (
                ((t.ownerDocument || t) !== h && p(t),
                (e = e.replace(B, "='$1']")),
                n.matchesSelector && v && !E[e + " "] && (!m || !m.test(e)) && (!g || !g.test(e)))
              )
                try {
                  var r = $.call(t, e);
                  if (r || n.disconnectedMatch || (t.document && 11 !== t.document.nodeType))
                    return r;
                } catch (t) {}
              return ot(e, h, null, [t]).length > 0;
            }),
            (ot.contains = function(t, e) {
              return (t.ownerDocument || t) !== h && p(t), y(t, e);
            }),
            (ot.attr = function(t, e) {
              (t.ownerDocument || t) !== h && p(t);
              var i = r.attrHandle[e.toLowerCase()],
                o = i && A.call(r.attrHandle, e.toLowerCase()) ? i(t, e, !v) : void 0;
              return void 0 !== o
                ? o
                : n.attributes || !v
                  ? t.getAttribute(e)
                  : (o = t.getAttributeNode(e)) && o.specified
                    ? o.value
                    : null;
            }),
            (ot.escape = function(t) {
              return (t + "").replace(et, nt);
            }),
            (ot.error = function(t) {
              throw new Error("Syntax error, unrecognized expression: " + t);
            }),
            (ot.uniqueSort = function(t) {
              var e,
                r = [],
                i = 0,
                o = 0;
              if (((f = !n.detectDuplicates), (l = !n.sortStable && t.slice(0)), t.sort(k), f)) {
                for (; (e = t[o++]); ) e === t[o] && (i = r.push(o));
                for (; i--; ) t.splice(r[i], 1);
              }
              return (l = null), t;
            }),
            (i = ot.getText = function(t) {
              var e,
                n = "",
                r = 0,
                o = t.nodeType;
              if (o) {
                if (1 === o || 9 === o || 11 === o) {
                  if ("string" == typeof t.textContent) return t.textContent;
                  for (t = t.firstChild; t; t = t.nextSibling) n += i(t);
                } else if (3 === o || 4 === o) return t.nodeValue;
              } else for (; (e = t[r++]); ) n += i(e);
              return n;
            }),
            ((r = ot.selectors = {
              cacheLength: 50,
              createPseudo: ut,
              match: G,
              attrHandle: {},
              find: {},
              relative: {
                ">": { dir: "parentNode", first: !0 },
                " ": { dir: "parentNode" },
                "+": { dir: "previousSibling", first: !0 },
                "~": { dir: "previousSibling" }
              },
              preFilter: {
                ATTR: function(t) {
                  return (
                    (t[1] = t[1].replace(Q, tt)),
                    (t[3] = (t[3] || t[4] || t[5] || "").replace(Q, tt)),
                    "~=" === t[2] && (t[3] = " " + t[3] + " "),
                    t.slice(0, 4)
                  );
                },
                CHILD: function(t) {
                  return (
                    (t[1] = t[1].toLowerCase()),
                    "nth" === t[1].slice(0, 3)
                      ? (t[3] || ot.error(t[0]),
                        (t[4] = +(t[4]
                          ? t[5] + (t[6] || 1)
                          : 2 * ("even" === t[3] || "odd" === t[3]))),
                        (t[5] = +(t[7] + t[8] || "odd" === t[3])))
                      : t[3] && ot.error(t[0]),
                    t
                  );
                },
                PSEUDO: function(t) {
                  var e,
                    n = !t[6] && t[2];
                  return G.CHILD.test(t[0])
                    ? null
                    : (t[3]
                        ? (t[2] = t[4] || t[5] || "")
                        : n &&
                          z.test(n) &&
                          (e = a(n, !0)) &&
                          (e = n.indexOf(")", n.length - e) - n.length) &&
                          ((t[0] = t[0].slice(0, e)), (t[2] = n.slice(0, e))),
                      t.slice(0, 3));
                }
              },
              filter: {
                TAG: function(t) {
                  var e = t.replace(Q, tt).toLowerCase();
                  return "*" === t
                    ? function() {
                        return !0;
                      }
                    : function(t) {
                        return t.nodeName && t.nodeName.toLowerCase() === e;
                      };
                },
                CLASS: function(t) {
                  var e = C[t + " "];
                  return (
                    e ||
                    ((e = new RegExp("(^|" + I + ")" + t + "(" + I + "|$)")) &&
                      C(t, function(t) {
                        return e.test(
                          ("string" == typeof t.className && t.className) ||
                            (void 0 !== t.getAttribute && t.getAttribute("class")) ||
                            ""
                        );
                      }))
                  );
                },
                ATTR: function(t, e, n) {
                  return function(r) {
                    var i = ot.attr(r, t);
                    return null == i
                      ? "!=" === e
                      : !e ||
                          ((i += ""),
                          "=" === e
                            ? i === n
                            : "!=" === e
                              ? i !== n
                              : "^=" === e
                                ? n && 0 === i.indexOf(n)
                                : "*=" === e
                                  ? n && i.indexOf(n) > -1
                                  : "$=" === e
                                    ? n && i.slice(-n.length) === n
                                    : "~=" === e
                                      ? (" " + i.replace(q, " ") + " ").indexOf(n) > -1
                                      : "|=" === e &&
                                        (i === n || i.slice(0, n.length + 1) === n + "-"));
                  };
                },
                CHILD: function(t, e, n, r, i) {
                  var o = "nth" !== t.slice(0, 3),
                    a = "last" !== t.slice(-4),
                    u = "of-type" === e;
                  return 1 === r && 0 === i
                    ? function(t) {
                        return !!t.parentNode;
                      }
                    : function(e, n, s) {
                        var c,
                          l,
                          f,
                          p,
                          h,
                          d,
                          v = o !== a ? "nextSibling" : "previousSibling",
                          g = e.parentNode,
                          m = u && e.nodeName.toLowerCase(),
                          $ = !s && !u,
                          y = !1;
                        if (g) {
                          if (o) {
                            for (; v; ) {
                              for (p = e; (p = p[v]); )
                                if (u ? p.nodeName.toLowerCase() === m : 1 === p.nodeType)
                                  return !1;
                              d = v = "only" === t && !d && "nextSibling";
                            }
                            return !0;
                          }
                          if (((d = [a ? g.firstChild : g.lastChild]), a && $)) {
                            for (
                              y =
                                (h =
                                  (c =
                                    (l =
                                      (f = (p = g)[b] || (p[b] = {}))[p.uniqueID] ||
                                      (f[p.uniqueID] = {}))[t] || [])[0] === x && c[1]) && c[2],
                                p = h && g.childNodes[h];
                              (p = (++h && p && p[v]) || (y = h = 0) || d.pop());

                            )
                              if (1 === p.nodeType && ++y && p === e) {
                                l[t] = [x, h, y];
                                break;
                              }
                          } else if (
                            ($ &&
                              (y = h =
                                (c =
                                  (l =
                                    (f = (p = e)[b] || (p[b] = {}))[p.uniqueID] ||
                                    (f[p.uniqueID] = {}))[t] || [])[0] === x && c[1]),
                            !1 === y)
                          )
                            for (
                              ;
                              (p = (++h && p && p[v]) || (y = h = 0) || d.pop()) &&
                              ((u ? p.nodeName.toLowerCase() !== m : 1 !== p.nodeType) ||
                                !++y ||
                                ($ &&
                                  ((l =
                                    (f = p[b] || (p[b] = {}))[p.uniqueID] || (f[p.uniqueID] = {}))[
                                    t
                                  ] = [x, y]),
                                p !== e));

                            );
                          return (y -= i) === r || (y % r == 0 && y / r >= 0);
                        }
                      };
                },
                PSEUDO: function(t, e) {
                  var n,
                    i =
                      r.pseudos[t] ||
                      r.setFilters[t.toLowerCase()] ||
                      ot.error("unsupported pseudo: " + t);
                  return i[b]
                    ? i(e)
                    : i.length > 1
                      ? ((n = [t, t, "", e]),
                        r.setFilters.hasOwnProperty(t.toLowerCase())
                          ? ut(function(t, n) {
                              for (var r, o = i(t, e), a = o.length; a--; )
                                t[(r = L(t, o[a]))] = !(n[r] = o[a]);
                            })
                          : function(t) {
                              return i(t, 0, n);
                            })
                      : i;
                }
              },
              pseudos: {
                not: ut(function(t) {
                  var e = [],
                    n = [],
                    r = u(t.replace(U, "$1"));
                  return r[b]
                    ? ut(function(t, e, n, i) {
                        for (var o, a = r(t, null, i, []), u = t.length; u--; )
                          (o = a[u]) && (t[u] = !(e[u] = o));
                      })
                    : function(t, i, o) {
                        return (e[0] = t), r(e, null, o, n), (e[0] = null), !n.pop();
                      };
                }),
                has: ut(function(t) {
                  return function(e) {
                    return ot(t, e).length > 0;
                  };
                }),
                contains: ut(function(t) {
                  return (
                    (t = t.replace(Q, tt)),
                    function(e) {
                      return (e.textContent || e.innerText || i(e)).indexOf(t) > -1;
                    }
                  );
                }),
                lang: ut(function(t) {
                  return (
                    W.test(t || "") || ot.error("unsupported lang: " + t),
                    (t = t.replace(Q, tt).toLowerCase()),
                    function(e) {
                      var n;
                      do {
                        if ((n = v ? e.lang : e.getAttribute("xml:lang") || e.getAttribute("lang")))
                          return (n = n.toLowerCase()) === t || 0 === n.indexOf(t + "-");
                      } while ((e = e.parentNode) && 1 === e.nodeType);
                      return !1;
                    }
                  );
                }),
                target: function(e) {
                  var n = t.location && t.location.hash;
                  return n && n.slice(1) === e.id;
                },
                root: function(t) {
                  return t === d;
                },
                focus: function(t) {
                  return (
                    t === h.activeElement &&
                    (!h.hasFocus || h.hasFocus()) &&
                    !!(t.type || t.href || ~t.tabIndex)
                  );
                },
                enabled: ht(!1),
                disabled: ht(!0),
                checked: function(t) {
                  var e = t.nodeName.toLowerCase();
                  return ("input" === e && !!t.checked) || ("option" === e && !!t.selected);
                },
                selected: function(t) {
                  return t.parentNode && t.parentNode.selectedIndex, !0 === t.selected;
                },
                empty: function(t) {
                  for (t = t.firstChild; t; t = t.nextSibling) if (t.nodeType < 6) return !1;
                  return !0;
                },
                parent: function(t) {
                  return !r.pseudos.empty(t);
                },
                header: function(t) {
                  return J.test(t.nodeName);
                },
                input: function(t) {
                  return K.test(t.nodeName);
                },
                button: function(t) {
                  var e = t.nodeName.toLowerCase();
                  return ("input" === e && "button" === t.type) || "button" === e;
                },
                text: function(t) {
                  var e;
                  return (
                    "input" === t.nodeName.toLowerCase() &&
                    "text" === t.type &&
                    (null == (e = t.getAttribute("type")) || "text" === e.toLowerCase())
                  );
                },
                first: dt(function() {
                  return [0];
                }),
                last: dt(function(t, e) {
                  return [e - 1];
                }),
                eq: dt(function(t, e, n) {
                  return [n < 0 ? n + e : n];
                }),
                even: dt(function(t, e) {
                  for (var n = 0; n < e; n += 2) t.push(n);
                  return t;
                }),
                odd: dt(function(t, e) {
                  for (var n = 1; n < e; n += 2) t.push(n);
                  return t;
                }),
                lt: dt(function(t, e, n) {
                  for (var r = n < 0 ? n + e : n; --r >= 0; ) t.push(r);
                  return t;
                }),
                gt: dt(function(t, e, n) {
                  for (var r = n < 0 ? n + e : n; ++r < e; ) t.push(r);
                  return t;
                })
              }
            }).pseudos.nth = r.pseudos.eq),
            { radio: !0, checkbox: !0, file: !0, password: !0, image: !0 }))
              r.pseudos[e] = ft(e);
            for (e in { submit: !0, reset: !0 }) r.pseudos[e] = pt(e);
            function gt() {}
            function mt(t) {
              for (var e = 0, n = t.length, r = ""; e < n; e++) r += t[e].value;
              return r;
            }
            function $t(t, e, n) {
              var r = e.dir,
                i = e.next,
                o = i || r,
                a = n && "parentNode" === o,
                u = _++;
              return e.first
                ? function(e, n, i) {
                    for (; (e = e[r]); ) if (1 === e.nodeType || a) return t(e, n, i);
                    return !1;
                  }
                : function(e, n, s) {
                    var c,
                      l,
                      f,
                      p = [x, u];
                    if (s) {
                      for (; (e = e[r]); ) if ((1 === e.nodeType || a) && t(e, n, s)) return !0;
                    } else
                      for (; (e = e[r]); )
                        if (1 === e.nodeType || a)
                          if (
                            ((l = (f = e[b] || (e[b] = {}))[e.uniqueID] || (f[e.uniqueID] = {})),
                            i && i === e.nodeName.toLowerCase())
                          )
                            e = e[r] || e;
                          else {
                            if ((c = l[o]) && c[0] === x && c[1] === u) return (p[2] = c[2]);
                            if (((l[o] = p), (p[2] = t(e, n, s)))) return !0;
                          }
                    return !1;
                  };
            }
            function yt(t) {
              return t.length > 1
                ? function(e, n, r) {
                    for (var i = t.length; i--; ) if (!t[i](e, n, r)) return !1;
                    return !0;
                  }
                : t[0];
            }
            function bt(t, e, n, r, i) {
              for (var o, a = [], u = 0, s = t.length, c = null != e; u < s; u++)
                (o = t[u]) && ((n && !n(o, r, i)) || (a.push(o), c && e.push(u)));
              return a;
            }
            function wt(t, e, n, r, i, o) {
              return (
                r && !r[b] && (r = wt(r)),
                i && !i[b] && (i = wt(i, o)),
                ut(function(o, a, u, s) {
                  var c,
                    l,
                    f,
                    p = [],
                    h = [],
                    d = a.length,
                    v =
                      o ||
                      (function(t, e, n) {
                        for (var r = 0, i = e.length; r < i; r++) ot(t, e[r], n);
                        return n;
                      })(e || "*", u.nodeType ? [u] : u, []),
                    g = !t || (!o && e) ? v : bt(v, p, t, u, s),
                    m = n ? (i || (o ? t : d || r) ? [] : a) : g;
                  if ((n && n(g, m, u, s), r))
                    for (c = bt(m, h), r(c, [], u, s), l = c.length; l--; )
                      (f = c[l]) && (m[h[l]] = !(g[h[l]] = f));
                  if (o) {
                    if (i || t) {
                      if (i) {
                        for (c = [], l = m.length; l--; ) (f = m[l]) && c.push((g[l] = f));
                        i(null, (m = []), c, s);
                      }
                      for (l = m.length; l--; )
                        (f = m[l]) && (c = i ? L(o, f) : p[l]) > -1 && (o[c] = !(a[c] = f));
                    }
                  } else (m = bt(m === a ? m.splice(d, m.length) : m)), i ? i(null, a, m, s) : N.apply(a, m);
                })
              );
            }
            function xt(t) {
              for (
                var e,
                  n,
                  i,
                  o = t.length,
                  a = r.relative[t[0].type],
                  u = a || r.relative[" "],
                  s = a ? 1 : 0,
                  l = $t(
                    function(t) {
                      return t === e;
                    },
                    u,
                    !0
                  ),
                  f = $t(
                    function(t) {
                      return L(e, t) > -1;
                    },
                    u,
                    !0
                  ),
                  p = [
                    function(t, n, r) {
                      var i =
                        (!a && (r || n !== c)) || ((e = n).nodeType ? l(t, n, r) : f(t, n, r));
                      return (e = null), i;
                    }
                  ];
                s < o;
                s++
              )
                if ((n = r.relative[t[s].type])) p = [$t(yt(p), n)];
                else {
                  if ((n = r.filter[t[s].type].apply(null, t[s].matches))[b]) {
                    for (i = ++s; i < o && !r.relative[t[i].type]; i++);
                    return wt(
                      s > 1 && yt(p),
                      s > 1 &&
                        mt(
                          t.slice(0, s - 1).concat({ value: " " === t[s - 2].type ? "*" : "" })
                        ).replace(U, "$1"),
                      n,
                      s < i && xt(t.slice(s, i)),
                      i < o && xt((t = t.slice(i))),
                      i < o && mt(t)
                    );
                  }
                  p.push(n);
                }
              return yt(p);
            }
            return (
              (gt.prototype = r.filters = r.pseudos),
              (r.setFilters = new gt()),
              (a = ot.tokenize = function(t, e) {
                var n,
                  i,
                  o,
                  a,
                  u,
                  s,
                  c,
                  l = S[t + " "];
                if (l) return e ? 0 : l.slice(0);
                for (u = t, s = [], c = r.preFilter; u; ) {
                  for (a in ((n && !(i = F.exec(u))) ||
                    (i && (u = u.slice(i[0].length) || u), s.push((o = []))),
                  (n = !1),
                  (i = H.exec(u)) &&
                    ((n = i.shift()),
                    o.push({ value: n, type: i[0].replace(U, " ") }),
                    (u = u.slice(n.length))),
                  r.filter))
                    !(i = G[a].exec(u)) ||
                      (c[a] && !(i = c[a](i))) ||
                      ((n = i.shift()),
                      o.push({ value: n, type: a, matches: i }),
                      (u = u.slice(n.length)));
                  if (!n) break;
                }
                return e ? u.length : u ? ot.error(t) : S(t, s).slice(0);
              }),
              (u = ot.compile = function(t, e) {
                var n,
                  i = [],
                  o = [],
                  u = E[t + " "];
                if (!u) {
                  for (e || (e = a(t)), n = e.length; n--; )
                    (u = xt(e[n]))[b] ? i.push(u) : o.push(u);
                  (u = E(
                    t,
                    (function(t, e) {
                      var n = e.length > 0,
                        i = t.length > 0,
                        o = function(o, a, u, s, l) {
                          var f,
                            d,
                            g,
                            m = 0,
                            $ = "0",
                            y = o && [],
                            b = [],
                            w = c,
                            _ = o || (i && r.find.TAG("*", l)),
                            C = (x += null == w ? 1 : Math.random() || 0.1),
                            S = _.length;
                          for (l && (c = a === h || a || l); $ !== S && null != (f = _[$]); $++) {
                            if (i && f) {
                              for (
                                d = 0, a || f.ownerDocument === h || (p(f), (u = !v));
                                (g = t[d++]);

                              )
                                if (g(f, a || h, u)) {
                                  s.push(f);
                                  break;
                                }
                              l && (x = C);
                            }
                            n && ((f = !g && f) && m--, o && y.push(f));
                          }
                          if (((m += $), n && $ !== m)) {
                            for (d = 0; (g = e[d++]); ) g(y, b, a, u);
                            if (o) {
                              if (m > 0) for (; $--; ) y[$] || b[$] || (b[$] = O.call(s));
                              b = bt(b);
                            }
                            N.apply(s, b),
                              l && !o && b.length > 0 && m + e.length > 1 && ot.uniqueSort(s);
                          }
                          return l && ((x = C), (c = w)), y;
                        };
                      return n ? ut(o) : o;
                    })(o, i)
                  )).selector = t;
                }
                return u;
              }),
              (s = ot.select = function(t, e, n, i) {
                var o,
                  s,
                  c,
                  l,
                  f,
                  p = "function" == typeof t && t,
                  h = !i && a((t = p.selector || t));
                if (((n = n || []), 1 === h.length)) {
                  if (
                    (s = h[0] = h[0].slice(0)).length > 2 &&
                    "ID" === (c = s[0]).type &&
                    9 === e.nodeType &&
                    v &&
                    r.relative[s[1].type]
                  ) {
                    if (!(e = (r.find.ID(c.matches[0].replace(Q, tt), e) || [])[0])) return n;
                    p && (e = e.parentNode), (t = t.slice(s.shift().value.length));
                  }
                  for (
                    o = G.needsContext.test(t) ? 0 : s.length;
                    o-- && ((c = s[o]), !r.relative[(l = c.type)]);

                  )
                    if (
                      (f = r.find[l]) &&
                      (i = f(
                        c.matches[0].replace(Q, tt),
                        (X.test(s[0].type) && vt(e.parentNode)) || e
                      ))
                    ) {
                      if ((s.splice(o, 1), !(t = i.length && mt(s)))) return N.apply(n, i), n;
                      break;
                    }
                }
                return (p || u(t, h))(i, e, !v, n, !e || (X.test(t) && vt(e.parentNode)) || e), n;
              }),
              (n.sortStable =
                b
                  .split("")
                  .sort(k)
                  .join("") === b),
              (n.detectDuplicates = !!f),
              p(),
              (n.sortDetached = st(function(t) {
                return 1 & t.compareDocumentPosition(h.createElement("fieldset"));
              })),
              st(function(t) {
                return (
                  (t.innerHTML = "<a href='#'></a>"), "#" === t.firstChild.getAttribute("href")
                );
              }) ||
                ct("type|href|height|width", function(t, e, n) {
                  if (!n) return t.getAttribute(e, "type" === e.toLowerCase() ? 1 : 2);
                }),
              (n.attributes &&
                st(function(t) {
                  return (
                    (t.innerHTML = "<input/>"),
                    t.firstChild.setAttribute("value", ""),
                    "" === t.firstChild.getAttribute("value")
                  );
                })) ||
                ct("value", function(t, e, n) {
                  if (!n && "input" === t.nodeName.toLowerCase()) return t.defaultValue;
                }),
              st(function(t) {
                return null == t.getAttribute("disabled");
              }) ||
                ct(D, function(t, e, n) {
                  var r;
                  if (!n)
                    return !0 === t[e]
                      ? e.toLowerCase()
                      : (r = t.getAttributeNode(e)) && r.specified
                        ? r.value
                        : null;
                }),
              ot
            );
          })(n);
        (_.find = E),
          (_.expr = E.selectors),
          (_.expr[":"] = _.expr.pseudos),
          (_.uniqueSort = _.unique = E.uniqueSort),
          (_.text = E.getText),
          (_.isXMLDoc = E.isXML),
          (_.contains = E.contains),
          (_.escapeSelector = E.escape);
        var k = function(t, e, n) {
            for (var r = [], i = void 0 !== n; (t = t[e]) && 9 !== t.nodeType; )
              if (1 === t.nodeType) {
                if (i && _(t).is(n)) break;
                r.push(t);
              }
            return r;
          },
          A = function(t, e) {
            for (var n = []; t; t = t.nextSibling) 1 === t.nodeType && t !== e && n.push(t);
            return n;
          },
          T = _.expr.match.needsContext;
        function O(t, e) {
          return t.nodeName && t.nodeName.toLowerCase() === e.toLowerCase();
        }
        var j = /^<([a-z][^\/\0>:\x20\t\r\n\f]*)[\x20\t\r\n\f]*\/?>(?:<\/\1>|)$/i;
        function N(t, e, n) {
          return $(e)
            ? _.grep(t, function(t, r) {
                return !!e.call(t, r, t) !== n;
              })
            : e.nodeType
              ? _.grep(t, function(t) {
                  return (t === e) !== n;
                })
              : "string" != typeof e
                ? _.grep(t, function(t) {
                    return f.call(e, t) > -1 !== n;
                  })
                : _.filter(e, t, n);
        }
        (_.filter = function(t, e, n) {
          var r = e[0];
          return (
            n && (t = ":not(" + t + ")"),
            1 === e.length && 1 === r.nodeType
              ? _.find.matchesSelector(r, t)
                ? [r]
                : []
              : _.find.matches(
                  t,
                  _.grep(e, function(t) {
                    return 1 === t.nodeType;
                  })
                )
          );
        }),
          _.fn.extend({
            find: function(t) {
              var e,
                n,
                r = this.length,
                i = this;
              if ("string" != typeof t)
                return this.pushStack(
                  _(t).filter(function() {
                    for (e = 0; e < r; e++) if (_.contains(i[e], this)) return !0;
                  })
                );
              for (n = this.pushStack([]), e = 0; e < r; e++) _.find(t, i[e], n);
              return r > 1 ? _.uniqueSort(n) : n;
            },
            filter: function(t) {
              return this.pushStack(N(this, t || [], !1));
            },
            not: function(t) {
              return this.pushStack(N(this, t || [], !0));
            },
            is: function(t) {
              return !!N(this, "string" == typeof t && T.test(t) ? _(t) : t || [], !1).length;
            }
          });
        var M,
          L = /^(?:\s*(<[\w\W]+>)[^>]*|#([\w-]+))$/;
        ((_.fn.init = function(t, e, n) {
          var r, i;
          if (!t) return this;
          if (((n = n || M), "string" == typeof t)) {
            if (
              !(r =
                "<" === t[0] && ">" === t[t.length - 1] && t.length >= 3
                  ? [null, t, null]
                  : L.exec(t)) ||
              (!r[1] && e)
            )
              return !e || e.jquery ? (e || n).find(t) : this.constructor(e).find(t);
            if (r[1]) {
              if (
                ((e = e instanceof _ ? e[0] : e),
                _.merge(this, _.parseHTML(r[1], e && e.nodeType ? e.ownerDocument || e : a, !0)),
                j.test(r[1]) && _.isPlainObject(e))
              )
                for (r in e) $(this[r]) ? this[r](e[r]) : this.attr(r, e[r]);
              return this;
            }
            return (i = a.getElementById(r[2])) && ((this[0] = i), (this.length = 1)), this;
          }
          return t.nodeType
            ? ((this[0] = t), (this.length = 1), this)
            : $(t)
              ? void 0 !== n.ready
                ? n.ready(t)
                : t(_)
              : _.makeArray(t, this);
        }).prototype = _.fn),
          (M = _(a));
        var D = /^(?:parents|prev(?:Until|All))/,
          I = { children: !0, contents: !0, next: !0, prev: !0 };
        function R(t, e) {
          for (; (t = t[e]) && 1 !== t.nodeType; );
          return t;
        }
        _.fn.extend({
          has: function(t) {
            var e = _(t, this),
              n = e.length;
            return this.filter(function() {
              for (var t = 0; t < n; t++) if (_.contains(this, e[t])) return !0;
            });
          },
          closest: function(t, e) {
            var n,
              r = 0,
              i = this.length,
              o = [],
              a = "string" != typeof t && _(t);
            if (!T.test(t))
              for (; r < i; r++)
                for (n = this[r]; n && n !== e; n = n.parentNode)
                  if (
                    n.nodeType < 11 &&
                    (a ? a.index(n) > -1 : 1 === n.nodeType && _.find.matchesSelector(n, t))
                  ) {
                    o.push(n);
                    break;
                  }
            return this.pushStack(o.length > 1 ? _.uniqueSort(o) : o);
          },
          index: function(t) {
            return t
              ? "string" == typeof t
                ? f.call(_(t), this[0])
                : f.call(this, t.jquery ? t[0] : t)
              : this[0] && this[0].parentNode
                ? this.first().prevAll().length
                : -1;
          },
          add: function(t, e) {
            return this.pushStack(_.uniqueSort(_.merge(this.get(), _(t, e))));
          },
          addBack: function(t) {
            return this.add(null == t ? this.prevObject : this.prevObject.filter(t));
          }
        }),
          _.each(
            {
              parent: function(t) {
                var e = t.parentNode;
                return e && 11 !== e.nodeType ? e : null;
              },
              parents: function(t) {
                return k(t, "parentNode");
              },
              parentsUntil: function(t, e, n) {
                return k(t, "parentNode", n);
              },
              next: function(t) {
                return R(t, "nextSibling");
              },
              prev: function(t) {
                return R(t, "previousSibling");
              },
              nextAll: function(t) {
                return k(t, "nextSibling");
              },
              prevAll: function(t) {
                return k(t, "previousSibling");
              },
              nextUntil: function(t, e, n) {
                return k(t, "nextSibling", n);
              },
              prevUntil: function(t, e, n) {
                return k(t, "previousSibling", n);
              },
              siblings: function(t) {
                return A((t.parentNode || {}).firstChild, t);
              },
              children: function(t) {
                return A(t.firstChild);
              },
              contents: function(t) {
                return O(t, "iframe")
                  ? t.contentDocument
                  : (O(t, "template") && (t = t.content || t), _.merge([], t.childNodes));
              }
            },
            function(t, e) {
              _.fn[t] = function(n, r) {
                var i = _.map(this, e, n);
                return (
                  "Until" !== t.slice(-5) && (r = n),
                  r && "string" == typeof r && (i = _.filter(r, i)),
                  this.length > 1 && (I[t] || _.uniqueSort(i), D.test(t) && i.reverse()),
                  this.pushStack(i)
                );
              };
            }
          );
        var P = /[^\x20\t\r\n\f]+/g;
        function V(t) {
          return t;
        }
        function q(t) {
          throw t;
        }
        function U(t, e, n, r) {
          var i;
          try {
            t && $((i = t.promise))
              ? i
                  .call(t)
                  .done(e)
                  .fail(n)
              : t && $((i = t.then))
                ? i.call(t, e, n)
                : e.apply(void 0, [t].slice(r));
          } catch (t) {
            n.apply(void 0, [t]);
          }
        }
        (_.Callbacks = function(t) {
          t =
            "string" == typeof t
              ? (function(t) {
                  var e = {};
                  return (
                    _.each(t.match(P) || [], function(t, n) {
                      e[n] = !0;
                    }),
                    e
                  );
                })(t)
              : _.extend({}, t);
          var e,
            n,
            r,
            i,
            o = [],
            a = [],
            u = -1,
            s = function() {
              for (i = i || t.once, r = e = !0; a.length; u = -1)
                for (n = a.shift(); ++u < o.length; )
                  !1 === o[u].apply(n[0], n[1]) && t.stopOnFalse && ((u = o.length), (n = !1));
              t.memory || (n = !1), (e = !1), i && (o = n ? [] : "");
            },
            c = {
              add: function() {
                return (
                  o &&
                    (n && !e && ((u = o.length - 1), a.push(n)),
                    (function e(n) {
                      _.each(n, function(n, r) {
                        $(r)
                          ? (t.unique && c.has(r)) || o.push(r)
                          : r && r.length && "string" !== x(r) && e(r);
                      });
                    })(arguments),
                    n && !e && s()),
                  this
                );
              },
              remove: function() {
                return (
                  _.each(arguments, function(t, e) {
                    for (var n; (n = _.inArray(e, o, n)) > -1; ) o.splice(n, 1), n <= u && u--;
                  }),
                  this
                );
              },
              has: function(t) {
                return t ? _.inArray(t, o) > -1 : o.length > 0;
              },
              empty: function() {
                return o && (o = []), this;
              },
              disable: function() {
                return (i = a = []), (o = n = ""), this;
              },
              disabled: function() {
                return !o;
              },
              lock: function() {
                return (i = a = []), n || e || (o = n = ""), this;
              },
              locked: function() {
                return !!i;
              },
              fireWith: function(t, n) {
                return (
                  i || ((n = [t, (n = n || []).slice ? n.slice() : n]), a.push(n), e || s()), this
                );
              },
              fire: function() {
                return c.fireWith(this, arguments), this;
              },
              fired: function() {
                return !!r;
              }
            };
          return c;
        }),
          _.extend({
            Deferred: function(t) {
              var e = [
                  ["notify", "progress", _.Callbacks("memory"), _.Callbacks("memory"), 2],
                  [
                    "resolve",
                    "done",
                    _.Callbacks("once memory"),
                    _.Callbacks("once memory"),
                    0,
                    "resolved"
                  ],
                  [
                    "reject",
                    "fail",
                    _.Callbacks("once memory"),
                    _.Callbacks("once memory"),
                    1,
                    "rejected"
                  ]
                ],
                r = "pending",
                i = {
                  state: function() {
                    return r;
                  },
                  always: function() {
                    return o.done(arguments).fail(arguments), this;
                  },
                  catch: function(t) {
                    return i.then(null, t);
                  },
                  pipe: function() {
                    var t = arguments;
                    return _.Deferred(function(n) {
                      _.each(e, function(e, r) {
                        var i = $(t[r[4]]) && t[r[4]];
                        o[r[1]](function() {
                          var t = i && i.apply(this, arguments);
                          t && $(t.promise)
                            ? t
                                .promise()
                                .progress(n.notify)
                                .done(n.resolve)
                                .fail(n.reject)
                            : n[r[0] + "With"](this, i ? [t] : arguments);
                        });
                      }),
                        (t = null);
                    }).promise();
                  },
                  then: function(t, r, i) {
                    var o = 0;
                    function a(t, e, r, i) {
                      return function() {
                        var u = this,
                          s = arguments,
                          c = function() {
                            var n, c;
                            if (!(t < o)) {
                              if ((n = r.apply(u, s)) === e.promise())
                                throw new TypeError("Thenable self-resolution");
                              (c = n && ("object" == typeof n || "function" == typeof n) && n.then),
                                $(c)
                                  ? i
                                    ? c.call(n, a(o, e, V, i), a(o, e, q, i))
                                    : (o++,
                                      c.call(
                                        n,
                                        a(o, e, V, i),
                                        a(o, e, q, i),
                                        a(o, e, V, e.notifyWith)
                                      ))
                                  : (r !== V && ((u = void 0), (s = [n])),
                                    (i || e.resolveWith)(u, s));
                            }
                          },
                          l = i
                            ? c
                            : function() {
                                try {
                                  c();
                                } catch (n) {
                                  _.Deferred.exceptionHook &&
                                    _.Deferred.exceptionHook(n, l.stackTrace),
                                    t + 1 >= o &&
                                      (r !== q && ((u = void 0), (s = [n])), e.rejectWith(u, s));
                                }
                              };
                        t
                          ? l()
                          : (_.Deferred.getStackHook && (l.stackTrace = _.Deferred.getStackHook()),
                            n.setTimeout(l));
                      };
                    }
                    return _.Deferred(function(n) {
                      e[0][3].add(a(0, n, $(i) ? i : V, n.notifyWith)),
                        e[1][3].add(a(0, n, $(t) ? t : V)),
                        e[2][3].add(a(0, n, $(r) ? r : q));
                    }).promise();
                  },
                  promise: function(t) {
                    return null != t ? _.extend(t, i) : i;
                  }
                },
                o = {};
              return (
                _.each(e, function(t, n) {
                  var a = n[2],
                    u = n[5];
                  (i[n[1]] = a.add),
                    u &&
                      a.add(
                        function() {
                          r = u;
                        },
                        e[3 - t][2].disable,
                        e[3 - t][3].disable,
                        e[0][2].lock,
                        e[0][3].lock
                      ),
                    a.add(n[3].fire),
                    (o[n[0]] = function() {
                      return o[n[0] + "With"](this === o ? void 0 : this, arguments), this;
                    }),
                    (o[n[0] + "With"] = a.fireWith);
                }),
                i.promise(o),
                t && t.call(o, o),
                o
              );
            },
            when: function(t) {
              var e = arguments.length,
                n = e,
                r = Array(n),
                i = s.call(arguments),
                o = _.Deferred(),
                a = function(t) {
                  return function(n) {
                    (r[t] = this),
                      (i[t] = arguments.length > 1 ? s.call(arguments) : n),
                      --e || o.resolveWith(r, i);
                  };
                };
              if (
                e <= 1 &&
                (U(t, o.done(a(n)).resolve, o.reject, !e),
                "pending" === o.state() || $(i[n] && i[n].then))
              )
                return o.then();
              for (; n--; ) U(i[n], a(n), o.reject);
              return o.promise();
            }
          });
        var F = /^(Eval|Internal|Range|Reference|Syntax|Type|URI)Error$/;
        (_.Deferred.exceptionHook = function(t, e) {
          n.console &&
            n.console.warn &&
            t &&
            F.test(t.name) &&
            n.console.warn("jQuery.Deferred exception: " + t.message, t.stack, e);
        }),
          (_.readyException = function(t) {
            n.setTimeout(function() {
              throw t;
            });
          });
        var H = _.Deferred();
        function B() {
          a.removeEventListener("DOMContentLoaded", B), n.removeEventListener("load", B), _.ready();
        }
        (_.fn.ready = function(t) {
          return (
            H.then(t).catch(function(t) {
              _.readyException(t);
            }),
            this
          );
        }),
          _.extend({
            isReady: !1,
            readyWait: 1,
            ready: function(t) {
              (!0 === t ? --_.readyWait : _.isReady) ||
                ((_.isReady = !0), (!0 !== t && --_.readyWait > 0) || H.resolveWith(a, [_]));
            }
          }),
          (_.ready.then = H.then),
          "complete" === a.readyState || ("loading" !== a.readyState && !a.documentElement.doScroll)
            ? n.setTimeout(_.ready)
            : (a.addEventListener("DOMContentLoaded", B), n.addEventListener("load", B));
        var z = function(t, e, n, r, i, o, a) {
            var u = 0,
              s = t.length,
              c = null == n;
            if ("object" === x(n)) for (u in ((i = !0), n)) z(t, e, u, n[u], !0, o, a);
            else if (
              void 0 !== r &&
              ((i = !0),
              $(r) || (a = !0),
              c &&
                (a
                  ? (e.call(t, r), (e = null))
                  : ((c = e),
                    (e = function(t, e, n) {
                      return c.call(_(t), n);
                    }))),
              e)
            )
              for (; u < s; u++) e(t[u], n, a ? r : r.call(t[u], u, e(t[u], n)));
            return i ? t : c ? e.call(t) : s ? e(t[0], n) : o;
          },
          W = /^-ms-/,
          G = /-([a-z])/g;
        function K(t, e) {
          return e.toUpperCase();
        }
        function J(t) {
          return t.replace(W, "ms-").replace(G, K);
        }
        var Y = function(t) {
          return 1 === t.nodeType || 9 === t.nodeType || !+t.nodeType;
        };
        function Z() {
          this.expando = _.expando + Z.uid++;
        }
        (Z.uid = 1),
          (Z.prototype = {
            cache: function(t) {
              var e = t[this.expando];
              return (
                e ||
                  ((e = {}),
                  Y(t) &&
                    (t.nodeType
                      ? (t[this.expando] = e)
                      : Object.defineProperty(t, this.expando, { value: e, configurable: !0 }))),
                e
              );
            },
            set: function(t, e, n) {
              var r,
                i = this.cache(t);
              if ("string" == typeof e) i[J(e)] = n;
              else for (r in e) i[J(r)] = e[r];
              return i;
            },
            get: function(t, e) {
              return void 0 === e ? this.cache(t) : t[this.expando] && t[this.expando][J(e)];
            },
            access: function(t, e, n) {
              return void 0 === e || (e && "string" == typeof e && void 0 === n)
                ? this.get(t, e)
                : (this.set(t, e, n), void 0 !== n ? n : e);
            },
            remove: function(t, e) {
              var n,
                r = t[this.expando];
              if (void 0 !== r) {
                if (void 0 !== e) {
                  n = (e = Array.isArray(e) ? e.map(J) : (e = J(e)) in r ? [e] : e.match(P) || [])
                    .length;
                  for (; n--; ) delete r[e[n]];
                }
                (void 0 === e || _.isEmptyObject(r)) &&
                  (t.nodeType ? (t[this.expando] = void 0) : delete t[this.expando]);
              }
            },
            hasData: function(t) {
              var e = t[this.expando];
              return void 0 !== e && !_.isEmptyObject(e);
            }
          });
        var X = new Z(),
          Q = new Z(),
          tt = /^(?:\{[\w\W]*\}|\[[\w\W]*\])$/,
          et = /[A-Z]/g;
        function nt(t, e, n) {
          var r;
          if (void 0 === n && 1 === t.nodeType)
            if (
              ((r = "data-" + e.replace(et, "-$&").toLowerCase()),
              "string" == typeof (n = t.getAttribute(r)))
            ) {
              try {
                n = (function(t) {
                  return (
                    "true" === t ||
                    ("false" !== t &&
                      ("null" === t ? null : t === +t + "" ? +t : tt.test(t) ? JSON.parse(t) : t))
                  );
                })(n);
              } catch (t) {}
              Q.set(t, e, n);
            } else n = void 0;
          return n;
        }
        _.extend({
          hasData: function(t) {
            return Q.hasData(t) || X.hasData(t);
          },
          data: function(t, e, n) {
            return Q.access(t, e, n);
          },
          removeData: function(t, e) {
            Q.remove(t, e);
          },
          _data: function(t, e, n) {
            return X.access(t, e, n);
          },
          _removeData: function(t, e) {
            X.remove(t, e);
          }
        }),
          _.fn.extend({
            data: function(t, e) {
              var n,
                r,
                i,
                o = this[0],
                a = o && o.attributes;
              if (void 0 === t) {
                if (
                  this.length &&
                  ((i = Q.get(o)), 1 === o.nodeType && !X.get(o, "hasDataAttrs"))
                ) {
                  for (n = a.length; n--; )
                    a[n] &&
                      0 === (r = a[n].name).indexOf("data-") &&
                      ((r = J(r.slice(5))), nt(o, r, i[r]));
                  X.set(o, "hasDataAttrs", !0);
                }
                return i;
              }
              return "object" == typeof t
                ? this.each(function() {
                    Q.set(this, t);
                  })
                : z(
                    this,
                    function(e) {
                      var n;
                      if (o && void 0 === e)
                        return void 0 !== (n = Q.get(o, t))
                          ? n
                          : void 0 !== (n = nt(o, t))
                            ? n
                            : void 0;
                      this.each(function() {
                        Q.set(this, t, e);
                      });
                    },
                    null,
                    e,
                    arguments.length > 1,
                    null,
                    !0
                  );
            },
            removeData: function(t) {
              return this.each(function() {
                Q.remove(this, t);
              });
            }
          }),
          _.extend({
            queue: function(t, e, n) {
              var r;
              if (t)
                return (
                  (e = (e || "fx") + "queue"),
                  (r = X.get(t, e)),
                  n && (!r || Array.isArray(n) ? (r = X.access(t, e, _.makeArray(n))) : r.push(n)),
                  r || []
                );
            },
            dequeue: function(t, e) {
              e = e || "fx";
              var n = _.queue(t, e),
                r = n.length,
                i = n.shift(),
                o = _._queueHooks(t, e);
              "inprogress" === i && ((i = n.shift()), r--),
                i &&
                  ("fx" === e && n.unshift("inprogress"),
                  delete o.stop,
                  i.call(
                    t,
                    function() {
                      _.dequeue(t, e);
                    },
                    o
                  )),
                !r && o && o.empty.fire();
            },
            _queueHooks: function(t, e) {
              var n = e + "queueHooks";
              return (
                X.get(t, n) ||
                X.access(t, n, {
                  empty: _.Callbacks("once memory").add(function() {
                    X.remove(t, [e + "queue", n]);
                  })
                })
              );
            }
          }),
          _.fn.extend({
            queue: function(t, e) {
              var n = 2;
              return (
                "string" != typeof t && ((e = t), (t = "fx"), n--),
                arguments.length < n
                  ? _.queue(this[0], t)
                  : void 0 === e
                    ? this
                    : this.each(function() {
                        var n = _.queue(this, t, e);
                        _._queueHooks(this, t),
                          "fx" === t && "inprogress" !== n[0] && _.dequeue(this, t);
                      })
              );
            },
            dequeue: function(t) {
              return this.each(function() {
                _.dequeue(this, t);
              });
            },
            clearQueue: function(t) {
              return this.queue(t || "fx", []);
            },
            promise: function(t, e) {
              var n,
                r = 1,
                i = _.Deferred(),
                o = this,
                a = this.length,
                u = function() {
                  --r || i.resolveWith(o, [o]);
                };
              for ("string" != typeof t && ((e = t), (t = void 0)), t = t || "fx"; a--; )
                (n = X.get(o[a], t + "queueHooks")) && n.empty && (r++, n.empty.add(u));
              return u(), i.promise(e);
            }
          });
        var rt = /[+-]?(?:\d*\.|)\d+(?:[eE][+-]?\d+|)/.source,
          it = new RegExp("^(?:([+-])=|)(" + rt + ")([a-z%]*)$", "i"),
          ot = ["Top", "Right", "Bottom", "Left"],
          at = function(t, e) {
            return (
              "none" === (t = e || t).style.display ||
              ("" === t.style.display &&
                _.contains(t.ownerDocument, t) &&
                "none" === _.css(t, "display"))
            );
          },
          ut = function(t, e, n, r) {
            var i,
              o,
              a = {};
            for (o in e) (a[o] = t.style[o]), (t.style[o] = e[o]);
            for (o in ((i = n.apply(t, r || [])), e)) t.style[o] = a[o];
            return i;
          };
        function st(t, e, n, r) {
          var i,
            o,
            a = 20,
            u = r
              ? function() {
                  return r.cur();
                }
              : function() {
                  return _.css(t, e, "");
                },
            s = u(),
            c = (n && n[3]) || (_.cssNumber[e] ? "" : "px"),
            l = (_.cssNumber[e] || ("px" !== c && +s)) && it.exec(_.css(t, e));
          if (l && l[3] !== c) {
            for (s /= 2, c = c || l[3], l = +s || 1; a--; )
              _.style(t, e, l + c), (1 - o) * (1 - (o = u() / s || 0.5)) <= 0 && (a = 0), (l /= o);
            (l *= 2), _.style(t, e, l + c), (n = n || []);
          }
          return (
            n &&
              ((l = +l || +s || 0),
              (i = n[1] ? l + (n[1] + 1) * n[2] : +n[2]),
              r && ((r.unit = c), (r.start = l), (r.end = i))),
            i
          );
        }
        var ct = {};
        function lt(t) {
          var e,
            n = t.ownerDocument,
            r = t.nodeName,
            i = ct[r];
          return (
            i ||
            ((e = n.body.appendChild(n.createElement(r))),
            (i = _.css(e, "display")),
            e.parentNode.removeChild(e),
            "none" === i && (i = "block"),
            (ct[r] = i),
            i)
          );
        }
        function ft(t, e) {
          for (var n, r, i = [], o = 0, a = t.length; o < a; o++)
            (r = t[o]).style &&
              ((n = r.style.display),
              e
                ? ("none" === n &&
                    ((i[o] = X.get(r, "display") || null), i[o] || (r.style.display = "")),
                  "" === r.style.display && at(r) && (i[o] = lt(r)))
                : "none" !== n && ((i[o] = "none"), X.set(r, "display", n)));
          for (o = 0; o < a; o++) null != i[o] && (t[o].style.display = i[o]);
          return t;
        }
        _.fn.extend({
          show: function() {
            return ft(this, !0);
          },
          hide: function() {
            return ft(this);
          },
          toggle: function(t) {
            return "boolean" == typeof t
              ? t
                ? this.show()
                : this.hide()
              : this.each(function() {
                  at(this) ? _(this).show() : _(this).hide();
                });
          }
        });
        var pt = /^(?:checkbox|radio)$/i,
          ht = /<([a-z][^\/\0>\x20\t\r\n\f]+)/i,
          dt = /^$|^module$|\/(?:java|ecma)script/i,
          vt = {
            option: [1, "<select multiple='multiple'>", "</select>"],
            thead: [1, "<table>", "</table>"],
            col: [2, "<table><colgroup>", "</colgroup></table>"],
            tr: [2, "<table><tbody>", "</tbody></table>"],
            td: [3, "<table><tbody><tr>", "</tr></tbody></table>"],
            _default: [0, "", ""]
          };
        function gt(t, e) {
          var n;
          return (
            (n =
              void 0 !== t.getElementsByTagName
                ? t.getElementsByTagName(e || "*")
                : void 0 !== t.querySelectorAll
                  ? t.querySelectorAll(e || "*")
                  : []),
            void 0 === e || (e && O(t, e)) ? _.merge([t], n) : n
          );
        }
        function mt(t, e) {
          for (var n = 0, r = t.length; n < r; n++)
            X.set(t[n], "globalEval", !e || X.get(e[n], "globalEval"));
        }
        (vt.optgroup = vt.option),
          (vt.tbody = vt.tfoot = vt.colgroup = vt.caption = vt.thead),
          (vt.th = vt.td);
        var $t = /<|&#?\w+;/;
        function yt(t, e, n, r, i) {
          for (
            var o, a, u, s, c, l, f = e.createDocumentFragment(), p = [], h = 0, d = t.length;
            h < d;
            h++
          )
            if ((o = t[h]) || 0 === o)
              if ("object" === x(o)) _.merge(p, o.nodeType ? [o] : o);
              else if ($t.test(o)) {
                for (
                  a = a || f.appendChild(e.createElement("div")),
                    u = (ht.exec(o) || ["", ""])[1].toLowerCase(),
                    s = vt[u] || vt._default,
                    a.innerHTML = s[1] + _.htmlPrefilter(o) + s[2],
                    l = s[0];
                  l--;

                )
                  a = a.lastChild;
                _.merge(p, a.childNodes), ((a = f.firstChild).textContent = "");
              } else p.push(e.createTextNode(o));
          for (f.textContent = "", h = 0; (o = p[h++]); )
            if (r && _.inArray(o, r) > -1) i && i.push(o);
            else if (
              ((c = _.contains(o.ownerDocument, o)),
              (a = gt(f.appendChild(o), "script")),
              c && mt(a),
              n)
            )
              for (l = 0; (o = a[l++]); ) dt.test(o.type || "") && n.push(o);
          return f;
        }
        !(function() {
          var t = a.createDocumentFragment().appendChild(a.createElement("div")),
            e = a.createElement("input");
          e.setAttribute("type", "radio"),
            e.setAttribute("checked", "checked"),
            e.setAttribute("name", "t"),
            t.appendChild(e),
            (m.checkClone = t.cloneNode(!0).cloneNode(!0).lastChild.checked),
            (t.innerHTML = "<textarea>x</textarea>"),
            (m.noCloneChecked = !!t.cloneNode(!0).lastChild.defaultValue);
        })();
        var bt = a.documentElement,
          wt = /^key/,
          xt = /^(?:mouse|pointer|contextmenu|drag|drop)|click/,
          _t = /^([^.]*)(?:\.(.+)|)/;
        function Ct() {
          return !0;
        }
        function St() {
          return !1;
        }
        function Et() {
          try {
            return a.activeElement;
          } catch (t) {}
        }
        function kt(t, e, n, r, i, o) {
          var a, u;
          if ("object" == typeof e) {
            for (u in ("string" != typeof n && ((r = r || n), (n = void 0)), e))
              kt(t, u, n, r, e[u], o);
            return t;
          }
          if (
            (null == r && null == i
              ? ((i = n), (r = n = void 0))
              : null == i &&
                ("string" == typeof n ? ((i = r), (r = void 0)) : ((i = r), (r = n), (n = void 0))),
            !1 === i)
          )
            i = St;
          else if (!i) return t;
          return (
            1 === o &&
              ((a = i),
              ((i = function(t) {
                return _().off(t), a.apply(this, arguments);
              }).guid = a.guid || (a.guid = _.guid++))),
            t.each(function() {
              _.event.add(this, e, i, r, n);
            })
          );
        }
        (_.event = {
          global: {},
          add: function(t, e, n, r, i) {
            var o,
              a,
              u,
              s,
              c,
              l,
              f,
              p,
              h,
              d,
              v,
              g = X.get(t);
            if (g)
              for (
                n.handler && ((n = (o = n).handler), (i = o.selector)),
                  i && _.find.matchesSelector(bt, i),
                  n.guid || (n.guid = _.guid++),
                  (s = g.events) || (s = g.events = {}),
                  (a = g.handle) ||
                    (a = g.handle = function(e) {
                      return void 0 !== _ && _.event.triggered !== e.type
                        ? _.event.dispatch.apply(t, arguments)
                        : void 0;
                    }),
                  c = (e = (e || "").match(P) || [""]).length;
                c--;

              )
                (h = v = (u = _t.exec(e[c]) || [])[1]),
                  (d = (u[2] || "").split(".").sort()),
                  h &&
                    ((f = _.event.special[h] || {}),
                    (h = (i ? f.delegateType : f.bindType) || h),
                    (f = _.event.special[h] || {}),
                    (l = _.extend(
                      {
                        type: h,
                        origType: v,
                        data: r,
                        handler: n,
                        guid: n.guid,
                        selector: i,
                        needsContext: i && _.expr.match.needsContext.test(i),
                        namespace: d.join(".")
                      },
                      o
                    )),
                    (p = s[h]) ||
                      (((p = s[h] = []).delegateCount = 0),
                      (f.setup && !1 !== f.setup.call(t, r, d, a)) ||
                        (t.addEventListener && t.addEventListener(h, a))),
                    f.add && (f.add.call(t, l), l.handler.guid || (l.handler.guid = n.guid)),
                    i ? p.splice(p.delegateCount++, 0, l) : p.push(l),
                    (_.event.global[h] = !0));
          },
          remove: function(t, e, n, r, i) {
            var o,
              a,
              u,
              s,
              c,
              l,
              f,
              p,
              h,
              d,
              v,
              g = X.hasData(t) && X.get(t);
            if (g && (s = g.events)) {
              for (c = (e = (e || "").match(P) || [""]).length; c--; )
                if (
                  ((h = v = (u = _t.exec(e[c]) || [])[1]), (d = (u[2] || "").split(".").sort()), h)
                ) {
                  for (
                    f = _.event.special[h] || {},
                      p = s[(h = (r ? f.delegateType : f.bindType) || h)] || [],
                      u = u[2] && new RegExp("(^|\\.)" + d.join("\\.(?:.*\\.|)") + "(\\.|$)"),
                      a = o = p.length;
                    o--;

                  )
                    (l = p[o]),
                      (!i && v !== l.origType) ||
                        (n && n.guid !== l.guid) ||
                        (u && !u.test(l.namespace)) ||
                        (r && r !== l.selector && ("**" !== r || !l.selector)) ||
                        (p.splice(o, 1),
                        l.selector && p.delegateCount--,
                        f.remove && f.remove.call(t, l));
                  a &&
                    !p.length &&
                    ((f.teardown && !1 !== f.teardown.call(t, d, g.handle)) ||
                      _.removeEvent(t, h, g.handle),
                    delete s[h]);
                } else for (h in s) _.event.remove(t, h + e[c], n, r, !0);
              _.isEmptyObject(s) && X.remove(t, "handle events");
            }
          },
          dispatch: function(t) {
            var e,
              n,
              r,
              i,
              o,
              a,
              u = _.event.fix(t),
              s = new Array(arguments.length),
              c = (X.get(this, "events") || {})[u.type] || [],
              l = _.event.special[u.type] || {};
            for (s[0] = u, e = 1; e < arguments.length; e++) s[e] = arguments[e];
            if (((u.delegateTarget = this), !l.preDispatch || !1 !== l.preDispatch.call(this, u))) {
              for (
                a = _.event.handlers.call(this, u, c), e = 0;
                (i = a[e++]) && !u.isPropagationStopped();

              )
                for (
                  u.currentTarget = i.elem, n = 0;
                  (o = i.handlers[n++]) && !u.isImmediatePropagationStopped();

                )
                  (u.rnamespace && !u.rnamespace.test(o.namespace)) ||
                    ((u.handleObj = o),
                    (u.data = o.data),
                    void 0 !==
                      (r = ((_.event.special[o.origType] || {}).handle || o.handler).apply(
                        i.elem,
                        s
                      )) &&
                      !1 === (u.result = r) &&
                      (u.preventDefault(), u.stopPropagation()));
              return l.postDispatch && l.postDispatch.call(this, u), u.result;
            }
          },
          handlers: function(t, e) {
            var n,
              r,
              i,
              o,
              a,
              u = [],
              s = e.delegateCount,
              c = t.target;
            if (s && c.nodeType && !("click" === t.type && t.button >= 1))
              for (; c !== this; c = c.parentNode || this)
                if (1 === c.nodeType && ("click" !== t.type || !0 !== c.disabled)) {
                  for (o = [], a = {}, n = 0; n < s; n++)
                    void 0 === a[(i = (r = e[n]).selector + " ")] &&
                      (a[i] = r.needsContext
                        ? _(i, this).index(c) > -1
                        : _.find(i, this, null, [c]).length),
                      a[i] && o.push(r);
                  o.length && u.push({ elem: c, handlers: o });
                }
            return (c = this), s < e.length && u.push({ elem: c, handlers: e.slice(s) }), u;
          },
          addProp: function(t, e) {
            Object.defineProperty(_.Event.prototype, t, {
              enumerable: !0,
              configurable: !0,
              get: $(e)
                ? function() {
                    if (this.originalEvent) return e(this.originalEvent);
                  }
                : function() {
                    if (this.originalEvent) return this.originalEvent[t];
                  },
              set: function(e) {
                Object.defineProperty(this, t, {
                  enumerable: !0,
                  configurable: !0,
                  writable: !0,
                  value: e
                });
              }
            });
          },
          fix: function(t) {
            return t[_.expando] ? t : new _.Event(t);
          },
          special: {
            load: { noBubble: !0 },
            focus: {
              trigger: function() {
                if (this !== Et() && this.focus) return this.focus(), !1;
              },
              delegateType: "focusin"
            },
            blur: {
              trigger: function() {
                if (this === Et() && this.blur) return this.blur(), !1;
              },
              delegateType: "focusout"
            },
            click: {
              trigger: function() {
                if ("checkbox" === this.type && this.click && O(this, "input"))
                  return this.click(), !1;
              },
              _default: function(t) {
                return O(t.target, "a");
              }
            },
            beforeunload: {
              postDispatch: function(t) {
                void 0 !== t.result && t.originalEvent && (t.originalEvent.returnValue = t.result);
              }
            }
          }
        }),
          (_.removeEvent = function(t, e, n) {
            t.removeEventListener && t.removeEventListener(e, n);
          }),
          (_.Event = function(t, e) {
            if (!(this instanceof _.Event)) return new _.Event(t, e);
            t && t.type
              ? ((this.originalEvent = t),
                (this.type = t.type),
                (this.isDefaultPrevented =
                  t.defaultPrevented || (void 0 === t.defaultPrevented && !1 === t.returnValue)
                    ? Ct
                    : St),
                (this.target =
                  t.target && 3 === t.target.nodeType ? t.target.parentNode : t.target),
                (this.currentTarget = t.currentTarget),
                (this.relatedTarget = t.relatedTarget))
              : (this.type = t),
              e && _.extend(this, e),
              (this.timeStamp = (t && t.timeStamp) || Date.now()),
              (this[_.expando] = !0);
          }),
          (_.Event.prototype = {
            constructor: _.Event,
            isDefaultPrevented: St,
            isPropagationStopped: St,
            isImmediatePropagationStopped: St,
            isSimulated: !1,
            preventDefault: function() {
              var t = this.originalEvent;
              (this.isDefaultPrevented = Ct), t && !this.isSimulated && t.preventDefault();
            },
            stopPropagation: function() {
              var t = this.originalEvent;
              (this.isPropagationStopped = Ct), t && !this.isSimulated && t.stopPropagation();
            },
            stopImmediatePropagation: function() {
              var t = this.originalEvent;
              (this.isImmediatePropagationStopped = Ct),
                t && !this.isSimulated && t.stopImmediatePropagation(),
                this.stopPropagation();
            }
          }),
          _.each(
            {
              altKey: !0,
              bubbles: !0,
              cancelable: !0,
              changedTouches: !0,
              ctrlKey: !0,
              detail: !0,
              eventPhase: !0,
              metaKey: !0,
              pageX: !0,
              pageY: !0,
              shiftKey: !0,
              view: !0,
              char: !0,
              charCode: !0,
              key: !0,
              keyCode: !0,
              button: !0,
              buttons: !0,
              clientX: !0,
              clientY: !0,
              offsetX: !0,
              offsetY: !0,
              pointerId: !0,
              pointerType: !0,
              screenX: !0,
              screenY: !0,
              targetTouches: !0,
              toElement: !0,
              touches: !0,
              which: function(t) {
                var e = t.button;
                return null == t.which && wt.test(t.type)
                  ? null != t.charCode
                    ? t.charCode
                    : t.keyCode
                  : !t.which && void 0 !== e && xt.test(t.type)
                    ? 1 & e
                      ? 1
                      : 2 & e
                        ? 3
                        : 4 & e
                          ? 2
                          : 0
                    : t.which;
              }
            },
            _.event.addProp
          ),
          _.each(
            {
              mouseenter: "mouseover",
              mouseleave: "mouseout",
              pointerenter: "pointerover",
              pointerleave: "pointerout"
            },
            function(t, e) {
              _.event.special[t] = {
                delegateType: e,
                bindType: e,
                handle: function(t) {
                  var n,
                    r = t.relatedTarget,
                    i = t.handleObj;
                  return (
                    (r && (r === this || _.contains(this, r))) ||
                      ((t.type = i.origType), (n = i.handler.apply(this, arguments)), (t.type = e)),
                    n
                  );
                }
              };
            }
          ),
          _.fn.extend({
            on: function(t, e, n, r) {
              return kt(this, t, e, n, r);
            },
            one: function(t, e, n, r) {
              return kt(this, t, e, n, r, 1);
            },
            off: function(t, e, n) {
              var r, i;
              if (t && t.preventDefault && t.handleObj)
                return (
                  (r = t.handleObj),
                  _(t.delegateTarget).off(
                    r.namespace ? r.origType + "." + r.namespace : r.origType,
                    r.selector,
                    r.handler
                  ),
                  this
                );
              if ("object" == typeof t) {
                for (i in t) this.off(i, e, t[i]);
                return this;
              }
              return (
                (!1 !== e && "function" != typeof e) || ((n = e), (e = void 0)),
                !1 === n && (n = St),
                this.each(function() {
                  _.event.remove(this, t, n, e);
                })
              );
            }
          });
        var At = /<(?!area|br|col|embed|hr|img|input|link|meta|param)(([a-z][^\/\0>\x20\t\r\n\f]*)[^>]*)\/>/gi,
          Tt = /<script|<style|<link/i,
          Ot = /checked\s*(?:[^=]|=\s*.checked.)/i,
          jt = /^\s*<!(?:\[CDATA\[|--)|(?:\]\]|--)>\s*$/g;
        function Nt(t, e) {
          return (
            (O(t, "table") &&
              O(11 !== e.nodeType ? e : e.firstChild, "tr") &&
              _(t).children("tbody")[0]) ||
            t
          );
        }
        function Mt(t) {
          return (t.type = (null !== t.getAttribute("type")) + "/" + t.type), t;
        }
        function Lt(t) {
          return (
            "true/" === (t.type || "").slice(0, 5)
              ? (t.type = t.type.slice(5))
              : t.removeAttribute("type"),
            t
          );
        }
        function Dt(t, e) {
          var n, r, i, o, a, u, s, c;
          if (1 === e.nodeType) {
            if (X.hasData(t) && ((o = X.access(t)), (a = X.set(e, o)), (c = o.events)))
              for (i in (delete a.handle, (a.events = {}), c))
                for (n = 0, r = c[i].length; n < r; n++) _.event.add(e, i, c[i][n]);
            Q.hasData(t) && ((u = Q.access(t)), (s = _.extend({}, u)), Q.set(e, s));
          }
        }
        function It(t, e) {
          var n = e.nodeName.toLowerCase();
          "input" === n && pt.test(t.type)
            ? (e.checked = t.checked)
            : ("input" !== n && "textarea" !== n) || (e.defaultValue = t.defaultValue);
        }
        function Rt(t, e, n, r) {
          e = c.apply([], e);
          var i,
            o,
            a,
            u,
            s,
            l,
            f = 0,
            p = t.length,
            h = p - 1,
            d = e[0],
            v = $(d);
          if (v || (p > 1 && "string" == typeof d && !m.checkClone && Ot.test(d)))
            return t.each(function(i) {
              var o = t.eq(i);
              v && (e[0] = d.call(this, i, o.html())), Rt(o, e, n, r);
            });
          if (
            p &&
            ((o = (i = yt(e, t[0].ownerDocument, !1, t, r)).firstChild),
            1 === i.childNodes.length && (i = o),
            o || r)
          ) {
            for (u = (a = _.map(gt(i, "script"), Mt)).length; f < p; f++)
              (s = i),
                f !== h && ((s = _.clone(s, !0, !0)), u && _.merge(a, gt(s, "script"))),
                n.call(t[f], s, f);
            if (u)
              for (l = a[a.length - 1].ownerDocument, _.map(a, Lt), f = 0; f < u; f++)
                (s = a[f]),
                  dt.test(s.type || "") &&
                    !X.access(s, "globalEval") &&
                    _.contains(l, s) &&
                    (s.src && "module" !== (s.type || "").toLowerCase()
                      ? _._evalUrl && _._evalUrl(s.src)
                      : w(s.textContent.replace(jt, ""), l, s));
          }
          return t;
        }
        function Pt(t, e, n) {
          for (var r, i = e ? _.filter(e, t) : t, o = 0; null != (r = i[o]); o++)
            n || 1 !== r.nodeType || _.cleanData(gt(r)),
              r.parentNode &&
                (n && _.contains(r.ownerDocument, r) && mt(gt(r, "script")),
                r.parentNode.removeChild(r));
          return t;
        }
        _.extend({
          htmlPrefilter: function(t) {
            return t.replace(At, "<$1></$2>");
          },
          clone: function(t, e, n) {
            var r,
              i,
              o,
              a,
              u = t.cloneNode(!0),
              s = _.contains(t.ownerDocument, t);
            if (!(m.noCloneChecked || (1 !== t.nodeType && 11 !== t.nodeType) || _.isXMLDoc(t)))
              for (a = gt(u), r = 0, i = (o = gt(t)).length; r < i; r++) It(o[r], a[r]);
            if (e)
              if (n)
                for (o = o || gt(t), a = a || gt(u), r = 0, i = o.length; r < i; r++)
                  Dt(o[r], a[r]);
              else Dt(t, u);
            return (a = gt(u, "script")).length > 0 && mt(a, !s && gt(t, "script")), u;
          },
          cleanData: function(t) {
            for (var e, n, r, i = _.event.special, o = 0; void 0 !== (n = t[o]); o++)
              if (Y(n)) {
                if ((e = n[X.expando])) {
                  if (e.events)
                    for (r in e.events) i[r] ? _.event.remove(n, r) : _.removeEvent(n, r, e.handle);
                  n[X.expando] = void 0;
                }
                n[Q.expando] && (n[Q.expando] = void 0);
              }
          }
        }),
          _.fn.extend({
            detach: function(t) {
              return Pt(this, t, !0);
            },
            remove: function(t) {
              return Pt(this, t);
            },
            text: function(t) {
              return z(
                this,
                function(t) {
                  return void 0 === t
                    ? _.text(this)
                    : this.empty().each(function() {
                        (1 !== this.nodeType && 11 !== this.nodeType && 9 !== this.nodeType) ||
                          (this.textContent = t);
                      });
                },
                null,
                t,
                arguments.length
              );
            },
            append: function() {
              return Rt(this, arguments, function(t) {
                (1 !== this.nodeType && 11 !== this.nodeType && 9 !== this.nodeType) ||
                  Nt(this, t).appendChild(t);
              });
            },
            prepend: function() {
              return Rt(this, arguments, function(t) {
                if (1 === this.nodeType || 11 === this.nodeType || 9 === this.nodeType) {
                  var e = Nt(this, t);
                  e.insertBefore(t, e.firstChild);
                }
              });
            },
            before: function() {
              return Rt(this, arguments, function(t) {
                this.parentNode && this.parentNode.insertBefore(t, this);
              });
            },
            after: function() {
              return Rt(this, arguments, function(t) {
                this.parentNode && this.parentNode.insertBefore(t, this.nextSibling);
              });
            },
            empty: function() {
              for (var t, e = 0; null != (t = this[e]); e++)
                1 === t.nodeType && (_.cleanData(gt(t, !1)), (t.textContent = ""));
              return this;
            },
            clone: function(t, e) {
              return (
                (t = null != t && t),
                (e = null == e ? t : e),
                this.map(function() {
                  return _.clone(this, t, e);
                })
              );
            },
            html: function(t) {
              return z(
                this,
                function(t) {
                  var e = this[0] || {},
                    n = 0,
                    r = this.length;
                  if (void 0 === t && 1 === e.nodeType) return e.innerHTML;
                  if (
                    "string" == typeof t &&
                    !Tt.test(t) &&
                    !vt[(ht.exec(t) || ["", ""])[1].toLowerCase()]
                  ) {
                    t = _.htmlPrefilter(t);
                    try {
                      for (; n < r; n++)
                        1 === (e = this[n] || {}).nodeType &&
                          (_.cleanData(gt(e, !1)), (e.innerHTML = t));
                      e = 0;
                    } catch (t) {}
                  }
                  e && this.empty().append(t);
                },
                null,
                t,
                arguments.length
              );
            },
            replaceWith: function() {
              var t = [];
              return Rt(
                this,
                arguments,
                function(e) {
                  var n = this.parentNode;
                  _.inArray(this, t) < 0 && (_.cleanData(gt(this)), n && n.replaceChild(e, this));
                },
                t
              );
            }
          }),
          _.each(
            {
              appendTo: "append",
              prependTo: "prepend",
              insertBefore: "before",
              insertAfter: "after",
              replaceAll: "replaceWith"
            },
            function(t, e) {
              _.fn[t] = function(t) {
                for (var n, r = [], i = _(t), o = i.length - 1, a = 0; a <= o; a++)
                  (n = a === o ? this : this.clone(!0)), _(i[a])[e](n), l.apply(r, n.get());
                return this.pushStack(r);
              };
            }
          );
        var Vt = new RegExp("^(" + rt + ")(?!px)[a-z%]+$", "i"),
          qt = function(t) {
            var e = t.ownerDocument.defaultView;
            return (e && e.opener) || (e = n), e.getComputedStyle(t);
          },
          Ut = new RegExp(ot.join("|"), "i");
        function Ft(t, e, n) {
          var r,
            i,
            o,
            a,
            u = t.style;
          return (
            (n = n || qt(t)) &&
              ("" !== (a = n.getPropertyValue(e) || n[e]) ||
                _.contains(t.ownerDocument, t) ||
                (a = _.style(t, e)),
              !m.pixelBoxStyles() &&
                Vt.test(a) &&
                Ut.test(e) &&
                ((r = u.width),
                (i = u.minWidth),
                (o = u.maxWidth),
                (u.minWidth = u.maxWidth = u.width = a),
                (a = n.width),
                (u.width = r),
                (u.minWidth = i),
                (u.maxWidth = o))),
            void 0 !== a ? a + "" : a
          );
        }
        function Ht(t, e) {
          return {
            get: function() {
              if (!t()) return (this.get = e).apply(this, arguments);
              delete this.get;
            }
          };
        }
        !(function() {
          function t() {
            if (l) {
              (c.style.cssText =
                "position:absolute;left:-11111px;width:60px;margin-top:1px;padding:0;border:0"),
                (l.style.cssText =
                  "position:relative;display:block;box-sizing:border-box;overflow:scroll;margin:auto;border:1px;padding:1px;width:60%;top:1%"),
                bt.appendChild(c).appendChild(l);
              var t = n.getComputedStyle(l);
              (r = "1%" !== t.top),
                (s = 12 === e(t.marginLeft)),
                (l.style.right = "60%"),
                (u = 36 === e(t.right)),
                (i = 36 === e(t.width)),
                (l.style.position = "absolute"),
                (o = 36 === l.offsetWidth || "absolute"),
                bt.removeChild(c),
                (l = null);
            }
          }
          function e(t) {
            return Math.round(parseFloat(t));
          }
          var r,
            i,
            o,
            u,
            s,
            c = a.createElement("div"),
            l = a.createElement("div");
          l.style &&
            ((l.style.backgroundClip = "content-box"),
            (l.cloneNode(!0).style.backgroundClip = ""),
            (m.clearCloneStyle = "content-box" === l.style.backgroundClip),
            _.extend(m, {
              boxSizingReliable: function() {
                return t(), i;
              },
              pixelBoxStyles: function() {
                return t(), u;
              },
              pixelPosition: function() {
                return t(), r;
              },
              reliableMarginLeft: function() {
                return t(), s;
              },
              scrollboxSize: function() {
                return t(), o;
              }
            }));
        })();
        var Bt = /^(none|table(?!-c[ea]).+)/,
          zt = /^--/,
          Wt = { position: "absolute", visibility: "hidden", display: "block" },
          Gt = { letterSpacing: "0", fontWeight: "400" },
          Kt = ["Webkit", "Moz", "ms"],
          Jt = a.createElement("div").style;
        function Yt(t) {
          var e = _.cssProps[t];
          return (
            e ||
              (e = _.cssProps[t] =
                (function(t) {
                  if (t in Jt) return t;
                  for (var e = t[0].toUpperCase() + t.slice(1), n = Kt.length; n--; )
                    if ((t = Kt[n] + e) in Jt) return t;
                })(t) || t),
            e
          );
        }
        function Zt(t, e, n) {
          var r = it.exec(e);
          return r ? Math.max(0, r[2] - (n || 0)) + (r[3] || "px") : e;
        }
        function Xt(t, e, n, r, i, o) {
          var a = "width" === e ? 1 : 0,
            u = 0,
            s = 0;
          if (n === (r ? "border" : "content")) return 0;
          for (; a < 4; a += 2)
            "margin" === n && (s += _.css(t, n + ot[a], !0, i)),
              r
                ? ("content" === n && (s -= _.css(t, "padding" + ot[a], !0, i)),
                  "margin" !== n && (s -= _.css(t, "border" + ot[a] + "Width", !0, i)))
                : ((s += _.css(t, "padding" + ot[a], !0, i)),
                  "padding" !== n
                    ? (s += _.css(t, "border" + ot[a] + "Width", !0, i))
                    : (u += _.css(t, "border" + ot[a] + "Width", !0, i)));
          return (
            !r &&
              o >= 0 &&
              (s += Math.max(
                0,
                Math.ceil(t["offset" + e[0].toUpperCase() + e.slice(1)] - o - s - u - 0.5)
              )),
            s
          );
        }
        function Qt(t, e, n) {
          var r = qt(t),
            i = Ft(t, e, r),
            o = "border-box" === _.css(t, "boxSizing", !1, r),
            a = o;
          if (Vt.test(i)) {
            if (!n) return i;
            i = "auto";
          }
          return (
            (a = a && (m.boxSizingReliable() || i === t.style[e])),
            ("auto" === i || (!parseFloat(i) && "inline" === _.css(t, "display", !1, r))) &&
              ((i = t["offset" + e[0].toUpperCase() + e.slice(1)]), (a = !0)),
            (i = parseFloat(i) || 0) + Xt(t, e, n || (o ? "border" : "content"), a, r, i) + "px"
          );
        }
        function te(t, e, n, r, i) {
          return new te.prototype.init(t, e, n, r, i);
        }
        _.extend({
          cssHooks: {
            opacity: {
              get: function(t, e) {
                if (e) {
                  var n = Ft(t, "opacity");
                  return "" === n ? "1" : n;
                }
              }
            }
          },
          cssNumber: {
            animationIterationCount: !0,
            columnCount: !0,
            fillOpacity: !0,
            flexGrow: !0,
            flexShrink: !0,
            fontWeight: !0,
            lineHeight: !0,
            opacity: !0,
            order: !0,
            orphans: !0,
            widows: !0,
            zIndex: !0,
            zoom: !0
          },
          cssProps: {},
          style: function(t, e, n, r) {
            if (t && 3 !== t.nodeType && 8 !== t.nodeType && t.style) {
              var i,
                o,
                a,
                u = J(e),
                s = zt.test(e),
                c = t.style;
              if ((s || (e = Yt(u)), (a = _.cssHooks[e] || _.cssHooks[u]), void 0 === n))
                return a && "get" in a && void 0 !== (i = a.get(t, !1, r)) ? i : c[e];
              "string" === (o = typeof n) &&
                (i = it.exec(n)) &&
                i[1] &&
                ((n = st(t, e, i)), (o = "number")),
                null != n &&
                  n == n &&
                  ("number" === o && (n += (i && i[3]) || (_.cssNumber[u] ? "" : "px")),
                  m.clearCloneStyle ||
                    "" !== n ||
                    0 !== e.indexOf("background") ||
                    (c[e] = "inherit"),
                  (a && "set" in a && void 0 === (n = a.set(t, n, r))) ||
                    (s ? c.setProperty(e, n) : (c[e] = n)));
            }
          },
          css: function(t, e, n, r) {
            var i,
              o,
              a,
              u = J(e);
            return (
              zt.test(e) || (e = Yt(u)),
              (a = _.cssHooks[e] || _.cssHooks[u]) && "get" in a && (i = a.get(t, !0, n)),
              void 0 === i && (i = Ft(t, e, r)),
              "normal" === i && e in Gt && (i = Gt[e]),
              "" === n || n ? ((o = parseFloat(i)), !0 === n || isFinite(o) ? o || 0 : i) : i
            );
          }
        }),
          _.each(["height", "width"], function(t, e) {
            _.cssHooks[e] = {
              get: function(t, n, r) {
                if (n)
                  return !Bt.test(_.css(t, "display")) ||
                    (t.getClientRects().length && t.getBoundingClientRect().width)
                    ? Qt(t, e, r)
                    : ut(t, Wt, function() {
                        return Qt(t, e, r);
                      });
              },
              set: function(t, n, r) {
                var i,
                  o = qt(t),
                  a = "border-box" === _.css(t, "boxSizing", !1, o),
                  u = r && Xt(t, e, r, a, o);
                return (
                  a &&
                    m.scrollboxSize() === o.position &&
                    (u -= Math.ceil(
                      t["offset" + e[0].toUpperCase() + e.slice(1)] -
                        parseFloat(o[e]) -
                        Xt(t, e, "border", !1, o) -
                        0.5
                    )),
                  u &&
                    (i = it.exec(n)) &&
                    "px" !== (i[3] || "px") &&
                    ((t.style[e] = n), (n = _.css(t, e))),
                  Zt(0, n, u)
                );
              }
            };
          }),
          (_.cssHooks.marginLeft = Ht(m.reliableMarginLeft, function(t, e) {
            if (e)
              return (
                (parseFloat(Ft(t, "marginLeft")) ||
                  t.getBoundingClientRect().left -
                    ut(t, { marginLeft: 0 }, function() {
                      return t.getBoundingClientRect().left;
                    })) + "px"
              );
          })),
          _.each({ margin: "", padding: "", border: "Width" }, function(t, e) {
            (_.cssHooks[t + e] = {
              expand: function(n) {
                for (var r = 0, i = {}, o = "string" == typeof n ? n.split(" ") : [n]; r < 4; r++)
                  i[t + ot[r] + e] = o[r] || o[r - 2] || o[0];
                return i;
              }
            }),
              "margin" !== t && (_.cssHooks[t + e].set = Zt);
          }),
          _.fn.extend({
            css: function(t, e) {
              return z(
                this,
                function(t, e, n) {
                  var r,
                    i,
                    o = {},
                    a = 0;
                  if (Array.isArray(e)) {
                    for (r = qt(t), i = e.length; a < i; a++) o[e[a]] = _.css(t, e[a], !1, r);
                    return o;
                  }
                  return void 0 !== n ? _.style(t, e, n) : _.css(t, e);
                },
                t,
                e,
                arguments.length > 1
              );
            }
          }),
          (_.Tween = te),
          (te.prototype = {
            constructor: te,
            init: function(t, e, n, r, i, o) {
              (this.elem = t),
                (this.prop = n),
                (this.easing = i || _.easing._default),
                (this.options = e),
                (this.start = this.now = this.cur()),
                (this.end = r),
                (this.unit = o || (_.cssNumber[n] ? "" : "px"));
            },
            cur: function() {
              var t = te.propHooks[this.prop];
              return t && t.get ? t.get(this) : te.propHooks._default.get(this);
            },
            run: function(t) {
              var e,
                n = te.propHooks[this.prop];
              return (
                this.options.duration
                  ? (this.pos = e = _.easing[this.easing](
                      t,
                      this.options.duration * t,
                      0,
                      1,
                      this.options.duration
                    ))
                  : (this.pos = e = t),
                (this.now = (this.end - this.start) * e + this.start),
                this.options.step && this.options.step.call(this.elem, this.now, this),
                n && n.set ? n.set(this) : te.propHooks._default.set(this),
                this
              );
            }
          }),
          (te.prototype.init.prototype = te.prototype),
          (te.propHooks = {
            _default: {
              get: function(t) {
                var e;
                return 1 !== t.elem.nodeType ||
                  (null != t.elem[t.prop] && null == t.elem.style[t.prop])
                  ? t.elem[t.prop]
                  : (e = _.css(t.elem, t.prop, "")) && "auto" !== e
                    ? e
                    : 0;
              },
              set: function(t) {
                _.fx.step[t.prop]
                  ? _.fx.step[t.prop](t)
                  : 1 !== t.elem.nodeType ||
                    (null == t.elem.style[_.cssProps[t.prop]] && !_.cssHooks[t.prop])
                    ? (t.elem[t.prop] = t.now)
                    : _.style(t.elem, t.prop, t.now + t.unit);
              }
            }
          }),
          (te.propHooks.scrollTop = te.propHooks.scrollLeft = {
            set: function(t) {
              t.elem.nodeType && t.elem.parentNode && (t.elem[t.prop] = t.now);
            }
          }),
          (_.easing = {
            linear: function(t) {
              return t;
            },
            swing: function(t) {
              return 0.5 - Math.cos(t * Math.PI) / 2;
            },
            _default: "swing"
          }),
          (_.fx = te.prototype.init),
          (_.fx.step = {});
        var ee,
          ne,
          re = /^(?:toggle|show|hide)$/,
          ie = /queueHooks$/;
        function oe() {
          ne &&
            (!1 === a.hidden && n.requestAnimationFrame
              ? n.requestAnimationFrame(oe)
              : n.setTimeout(oe, _.fx.interval),
            _.fx.tick());
        }
        function ae() {
          return (
            n.setTimeout(function() {
              ee = void 0;
            }),
            (ee = Date.now())
          );
        }
        function ue(t, e) {
          var n,
            r = 0,
            i = { height: t };
          for (e = e ? 1 : 0; r < 4; r += 2 - e) i["margin" + (n = ot[r])] = i["padding" + n] = t;
          return e && (i.opacity = i.width = t), i;
        }
        function se(t, e, n) {
          for (
            var r, i = (ce.tweeners[e] || []).concat(ce.tweeners["*"]), o = 0, a = i.length;
            o < a;
            o++
          )
            if ((r = i[o].call(n, e, t))) return r;
        }
        function ce(t, e, n) {
          var r,
            i,
            o = 0,
            a = ce.prefilters.length,
            u = _.Deferred().always(function() {
              delete s.elem;
            }),
            s = function() {
              if (i) return !1;
              for (
                var e = ee || ae(),
                  n = Math.max(0, c.startTime + c.duration - e),
                  r = 1 - (n / c.duration || 0),
                  o = 0,
                  a = c.tweens.length;
                o < a;
                o++
              )
                c.tweens[o].run(r);
              return (
                u.notifyWith(t, [c, r, n]),
                r < 1 && a ? n : (a || u.notifyWith(t, [c, 1, 0]), u.resolveWith(t, [c]), !1)
              );
            },
            c = u.promise({
              elem: t,
              props: _.extend({}, e),
              opts: _.extend(!0, { specialEasing: {}, easing: _.easing._default }, n),
              originalProperties: e,
              originalOptions: n,
              startTime: ee || ae(),
              duration: n.duration,
              tweens: [],
              createTween: function(e, n) {
                var r = _.Tween(t, c.opts, e, n, c.opts.specialEasing[e] || c.opts.easing);
                return c.tweens.push(r), r;
              },
              stop: function(e) {
                var n = 0,
                  r = e ? c.tweens.length : 0;
                if (i) return this;
                for (i = !0; n < r; n++) c.tweens[n].run(1);
                return (
                  e
                    ? (u.notifyWith(t, [c, 1, 0]), u.resolveWith(t, [c, e]))
                    : u.rejectWith(t, [c, e]),
                  this
                );
              }
            }),
            l = c.props;
          for (
            !(function(t, e) {
              var n, r, i, o, a;
              for (n in t)
                if (
                  ((i = e[(r = J(n))]),
                  (o = t[n]),
                  Array.isArray(o) && ((i = o[1]), (o = t[n] = o[0])),
                  n !== r && ((t[r] = o), delete t[n]),
                  (a = _.cssHooks[r]) && ("expand" in a))
                )
                  for (n in ((o = a.expand(o)), delete t[r], o))
                    (n in t) || ((t[n] = o[n]), (e[n] = i));
                else e[r] = i;
            })(l, c.opts.specialEasing);
            o < a;
            o++
          )
            if ((r = ce.prefilters[o].call(c, t, l, c.opts)))
              return $(r.stop) && (_._queueHooks(c.elem, c.opts.queue).stop = r.stop.bind(r)), r;
          return (
            _.map(l, se, c),
            $(c.opts.start) && c.opts.start.call(t, c),
            c
              .progress(c.opts.progress)
              .done(c.opts.done, c.opts.complete)
              .fail(c.opts.fail)
              .always(c.opts.always),
            _.fx.timer(_.extend(s, { elem: t, anim: c, queue: c.opts.queue })),
            c
          );
        }
        (_.Animation = _.extend(ce, {
          tweeners: {
            "*": [
              function(t, e) {
                var n = this.createTween(t, e);
                return st(n.elem, t, it.exec(e), n), n;
              }
            ]
          },
          tweener: function(t, e) {
            $(t) ? ((e = t), (t = ["*"])) : (t = t.match(P));
            for (var n, r = 0, i = t.length; r < i; r++)
              (n = t[r]), (ce.tweeners[n] = ce.tweeners[n] || []), ce.tweeners[n].unshift(e);
          },
          prefilters: [
            function(t, e, n) {
              var r,
                i,
                o,
                a,
                u,
                s,
                c,
                l,
                f = "width" in e || "height" in e,
                p = this,
                h = {},
                d = t.style,
                v = t.nodeType && at(t),
                g = X.get(t, "fxshow");
              for (r in (n.queue ||
                (null == (a = _._queueHooks(t, "fx")).unqueued &&
                  ((a.unqueued = 0),
                  (u = a.empty.fire),
                  (a.empty.fire = function() {
                    a.unqueued || u();
                  })),
                a.unqueued++,
                p.always(function() {
                  p.always(function() {
                    a.unqueued--, _.queue(t, "fx").length || a.empty.fire();
                  });
                })),
              e))
                if (((i = e[r]), re.test(i))) {
                  if ((delete e[r], (o = o || "toggle" === i), i === (v ? "hide" : "show"))) {
                    if ("show" !== i || !g || void 0 === g[r]) continue;
                    v = !0;
                  }
                  h[r] = (g && g[r]) || _.style(t, r);
                }
              if ((s = !_.isEmptyObject(e)) || !_.isEmptyObject(h))
                for (r in (f &&
                  1 === t.nodeType &&
                  ((n.overflow = [d.overflow, d.overflowX, d.overflowY]),
                  null == (c = g && g.display) && (c = X.get(t, "display")),
                  "none" === (l = _.css(t, "display")) &&
                    (c
                      ? (l = c)
                      : (ft([t], !0),
                        (c = t.style.display || c),
                        (l = _.css(t, "display")),
                        ft([t]))),
                  ("inline" === l || ("inline-block" === l && null != c)) &&
                    "none" === _.css(t, "float") &&
                    (s ||
                      (p.done(function() {
                        d.display = c;
                      }),
                      null == c && ((l = d.display), (c = "none" === l ? "" : l))),
                    (d.display = "inline-block"))),
                n.overflow &&
                  ((d.overflow = "hidden"),
                  p.always(function() {
                    (d.overflow = n.overflow[0]),
                      (d.overflowX = n.overflow[1]),
                      (d.overflowY = n.overflow[2]);
                  })),
                (s = !1),
                h))
                  s ||
                    (g
                      ? "hidden" in g && (v = g.hidden)
                      : (g = X.access(t, "fxshow", { display: c })),
                    o && (g.hidden = !v),
                    v && ft([t], !0),
                    p.done(function() {
                      for (r in (v || ft([t]), X.remove(t, "fxshow"), h)) _.style(t, r, h[r]);
                    })),
                    (s = se(v ? g[r] : 0, r, p)),
                    r in g || ((g[r] = s.start), v && ((s.end = s.start), (s.start = 0)));
            }
          ],
          prefilter: function(t, e) {
            e ? ce.prefilters.unshift(t) : ce.prefilters.push(t);
          }
        })),
          (_.speed = function(t, e, n) {
            var r =
              t && "object" == typeof t
                ? _.extend({}, t)
                : {
                    complete: n || (!n && e) || ($(t) && t),
                    duration: t,
                    easing: (n && e) || (e && !$(e) && e)
                  };
            return (
              _.fx.off
                ? (r.duration = 0)
                : "number" != typeof r.duration &&
                  (r.duration in _.fx.speeds
                    ? (r.duration = _.fx.speeds[r.duration])
                    : (r.duration = _.fx.speeds._default)),
              (null != r.queue && !0 !== r.queue) || (r.queue = "fx"),
              (r.old = r.complete),
              (r.complete = function() {
                $(r.old) && r.old.call(this), r.queue && _.dequeue(this, r.queue);
              }),
              r
            );
          }),
          _.fn.extend({
            fadeTo: function(t, e, n, r) {
              return this.filter(at)
                .css("opacity", 0)
                .show()
                .end()
                .animate({ opacity: e }, t, n, r);
            },
            animate: function(t, e, n, r) {
              var i = _.isEmptyObject(t),
                o = _.speed(e, n, r),
                a = function() {
                  var e = ce(this, _.extend({}, t), o);
                  (i || X.get(this, "finish")) && e.stop(!0);
                };
              return (a.finish = a), i || !1 === o.queue ? this.each(a) : this.queue(o.queue, a);
            },
            stop: function(t, e, n) {
              var r = function(t) {
                var e = t.stop;
                delete t.stop, e(n);
              };
              return (
                "string" != typeof t && ((n = e), (e = t), (t = void 0)),
                e && !1 !== t && this.queue(t || "fx", []),
                this.each(function() {
                  var e = !0,
                    i = null != t && t + "queueHooks",
                    o = _.timers,
                    a = X.get(this);
                  if (i) a[i] && a[i].stop && r(a[i]);
                  else for (i in a) a[i] && a[i].stop && ie.test(i) && r(a[i]);
                  for (i = o.length; i--; )
                    o[i].elem !== this ||
                      (null != t && o[i].queue !== t) ||
                      (o[i].anim.stop(n), (e = !1), o.splice(i, 1));
                  (!e && n) || _.dequeue(this, t);
                })
              );
            },
            finish: function(t) {
              return (
                !1 !== t && (t = t || "fx"),
                this.each(function() {
                  var e,
                    n = X.get(this),
                    r = n[t + "queue"],
                    i = n[t + "queueHooks"],
                    o = _.timers,
                    a = r ? r.length : 0;
                  for (
                    n.finish = !0,
                      _.queue(this, t, []),
                      i && i.stop && i.stop.call(this, !0),
                      e = o.length;
                    e--;

                  )
                    o[e].elem === this && o[e].queue === t && (o[e].anim.stop(!0), o.splice(e, 1));
                  for (e = 0; e < a; e++) r[e] && r[e].finish && r[e].finish.call(this);
                  delete n.finish;
                })
              );
            }
          }),
          _.each(["toggle", "show", "hide"], function(t, e) {
            var n = _.fn[e];
            _.fn[e] = function(t, r, i) {
              return null == t || "boolean" == typeof t
                ? n.apply(this, arguments)
                : this.animate(ue(e, !0), t, r, i);
            };
          }),
          _.each(
            {
              slideDown: ue("show"),
              slideUp: ue("hide"),
              slideToggle: ue("toggle"),
              fadeIn: { opacity: "show" },
              fadeOut: { opacity: "hide" },
              fadeToggle: { opacity: "toggle" }
            },
            function(t, e) {
              _.fn[t] = function(t, n, r) {
                return this.animate(e, t, n, r);
              };
            }
          ),
          (_.timers = []),
          (_.fx.tick = function() {
            var t,
              e = 0,
              n = _.timers;
            for (ee = Date.now(); e < n.length; e++) (t = n[e])() || n[e] !== t || n.splice(e--, 1);
            n.length || _.fx.stop(), (ee = void 0);
          }),
          (_.fx.timer = function(t) {
            _.timers.push(t), _.fx.start();
          }),
          (_.fx.interval = 13),
          (_.fx.start = function() {
            ne || ((ne = !0), oe());
          }),
          (_.fx.stop = function() {
            ne = null;
          }),
          (_.fx.speeds = { slow: 600, fast: 200, _default: 400 }),
          (_.fn.delay = function(t, e) {
            return (
              (t = (_.fx && _.fx.speeds[t]) || t),
              (e = e || "fx"),
              this.queue(e, function(e, r) {
                var i = n.setTimeout(e, t);
                r.stop = function() {
                  n.clearTimeout(i);
                };
              })
            );
          }),
          (function() {
            var t = a.createElement("input"),
              e = a.createElement("select").appendChild(a.createElement("option"));
            (t.type = "checkbox"),
              (m.checkOn = "" !== t.value),
              (m.optSelected = e.selected),
              ((t = a.createElement("input")).value = "t"),
              (t.type = "radio"),
              (m.radioValue = "t" === t.value);
          })();
        var le,
          fe = _.expr.attrHandle;
        _.fn.extend({
          attr: function(t, e) {
            return z(this, _.attr, t, e, arguments.length > 1);
          },
          removeAttr: function(t) {
            return this.each(function() {
              _.removeAttr(this, t);
            });
          }
        }),
          _.extend({
            attr: function(t, e, n) {
              var r,
                i,
                o = t.nodeType;
              if (3 !== o && 8 !== o && 2 !== o)
                return void 0 === t.getAttribute
                  ? _.prop(t, e, n)
                  : ((1 === o && _.isXMLDoc(t)) ||
                      (i =
                        _.attrHooks[e.toLowerCase()] || (_.expr.match.bool.test(e) ? le : void 0)),
                    void 0 !== n
                      ? null === n
                        ? void _.removeAttr(t, e)
                        : i && "set" in i && void 0 !== (r = i.set(t, n, e))
                          ? r
                          : (t.setAttribute(e, n + ""), n)
                      : i && "get" in i && null !== (r = i.get(t, e))
                        ? r
                        : null == (r = _.find.attr(t, e))
                          ? void 0
                          : r);
            },
            attrHooks: {
              type: {
                set: function(t, e) {
                  if (!m.radioValue && "radio" === e && O(t, "input")) {
                    var n = t.value;
                    return t.setAttribute("type", e), n && (t.value = n), e;
                  }
                }
              }
            },
            removeAttr: function(t, e) {
              var n,
                r = 0,
                i = e && e.match(P);
              if (i && 1 === t.nodeType) for (; (n = i[r++]); ) t.removeAttribute(n);
            }
          }),
          (le = {
            set: function(t, e, n) {
              return !1 === e ? _.removeAttr(t, n) : t.setAttribute(n, n), n;
            }
          }),
          _.each(_.expr.match.bool.source.match(/\w+/g), function(t, e) {
            var n = fe[e] || _.find.attr;
            fe[e] = function(t, e, r) {
              var i,
                o,
                a = e.toLowerCase();
              return (
                r || ((o = fe[a]), (fe[a] = i), (i = null != n(t, e, r) ? a : null), (fe[a] = o)), i
              );
            };
          });
        var pe = /^(?:input|select|textarea|button)$/i,
          he = /^(?:a|area)$/i;
        function de(t) {
          return (t.match(P) || []).join(" ");
        }
        function ve(t) {
          return (t.getAttribute && t.getAttribute("class")) || "";
        }
        function ge(t) {
          return Array.isArray(t) ? t : ("string" == typeof t && t.match(P)) || [];
        }
        _.fn.extend({
          prop: function(t, e) {
            return z(this, _.prop, t, e, arguments.length > 1);
          },
          removeProp: function(t) {
            return this.each(function() {
              delete this[_.propFix[t] || t];
            });
          }
        }),
          _.extend({
            prop: function(t, e, n) {
              var r,
                i,
                o = t.nodeType;
              if (3 !== o && 8 !== o && 2 !== o)
                return (
                  (1 === o && _.isXMLDoc(t)) || ((e = _.propFix[e] || e), (i = _.propHooks[e])),
                  void 0 !== n
                    ? i && "set" in i && void 0 !== (r = i.set(t, n, e))
                      ? r
                      : (t[e] = n)
                    : i && "get" in i && null !== (r = i.get(t, e))
                      ? r
                      : t[e]
                );
            },
            propHooks: {
              tabIndex: {
                get: function(t) {
                  var e = _.find.attr(t, "tabindex");
                  return e
                    ? parseInt(e, 10)
                    : pe.test(t.nodeName) || (he.test(t.nodeName) && t.href)
                      ? 0
                      : -1;
                }
              }
            },
            propFix: { for: "htmlFor", class: "className" }
          }),
          m.optSelected ||
            (_.propHooks.selected = {
              get: function(t) {
                var e = t.parentNode;
                return e && e.parentNode && e.parentNode.selectedIndex, null;
              },
              set: function(t) {
                var e = t.parentNode;
                e && (e.selectedIndex, e.parentNode && e.parentNode.selectedIndex);
              }
            }),
          _.each(
            [
              "tabIndex",
              "readOnly",
              "maxLength",
              "cellSpacing",
              "cellPadding",
              "rowSpan",
              "colSpan",
              "useMap",
              "frameBorder",
              "contentEditable"
            ],
            function() {
              _.propFix[this.toLowerCase()] = this;
            }
          ),
          _.fn.extend({
            addClass: function(t) {
              var e,
                n,
                r,
                i,
                o,
                a,
                u,
                s = 0;
              if ($(t))
                return this.each(function(e) {
                  _(this).addClass(t.call(this, e, ve(this)));
                });
              if ((e = ge(t)).length)
                for (; (n = this[s++]); )
                  if (((i = ve(n)), (r = 1 === n.nodeType && " " + de(i) + " "))) {
                    for (a = 0; (o = e[a++]); ) r.indexOf(" " + o + " ") < 0 && (r += o + " ");
                    i !== (u = de(r)) && n.setAttribute("class", u);
                  }
              return this;
            },
            removeClass: function(t) {
              var e,
                n,
                r,
                i,
                o,
                a,
                u,
                s = 0;
              if ($(t))
                return this.each(function(e) {
                  _(this).removeClass(t.call(this, e, ve(this)));
                });
              if (!arguments.length) return this.attr("class", "");
              if ((e = ge(t)).length)
                for (; (n = this[s++]); )
                  if (((i = ve(n)), (r = 1 === n.nodeType && " " + de(i) + " "))) {
                    for (a = 0; (o = e[a++]); )
                      for (; r.indexOf(" " + o + " ") > -1; ) r = r.replace(" " + o + " ", " ");
                    i !== (u = de(r)) && n.setAttribute("class", u);
                  }
              return this;
            },
            toggleClass: function(t, e) {
              var n = typeof t,
                r = "string" === n || Array.isArray(t);
              return "boolean" == typeof e && r
                ? e
                  ? this.addClass(t)
                  : this.removeClass(t)
                : $(t)
                  ? this.each(function(n) {
                      _(this).toggleClass(t.call(this, n, ve(this), e), e);
                    })
                  : this.each(function() {
                      var e, i, o, a;
                      if (r)
                        for (i = 0, o = _(this), a = ge(t); (e = a[i++]); )
                          o.hasClass(e) ? o.removeClass(e) : o.addClass(e);
                      else
                        (void 0 !== t && "boolean" !== n) ||
                          ((e = ve(this)) && X.set(this, "__className__", e),
                          this.setAttribute &&
                            this.setAttribute(
                              "class",
                              e || !1 === t ? "" : X.get(this, "__className__") || ""
                            ));
                    });
            },
            hasClass: function(t) {
              var e,
                n,
                r = 0;
              for (e = " " + t + " "; (n = this[r++]); )
                if (1 === n.nodeType && (" " + de(ve(n)) + " ").indexOf(e) > -1) return !0;
              return !1;
            }
          });
        var me = /\r/g;
        _.fn.extend({
          val: function(t) {
            var e,
              n,
              r,
              i = this[0];
            return arguments.length
              ? ((r = $(t)),
                this.each(function(n) {
                  var i;
                  1 === this.nodeType &&
                    (null == (i = r ? t.call(this, n, _(this).val()) : t)
                      ? (i = "")
                      : "number" == typeof i
                        ? (i += "")
                        : Array.isArray(i) &&
                          (i = _.map(i, function(t) {
                            return null == t ? "" : t + "";
                          })),
                    ((e = _.valHooks[this.type] || _.valHooks[this.nodeName.toLowerCase()]) &&
                      "set" in e &&
                      void 0 !== e.set(this, i, "value")) ||
                      (this.value = i));
                }))
              : i
                ? (e = _.valHooks[i.type] || _.valHooks[i.nodeName.toLowerCase()]) &&
                  "get" in e &&
                  void 0 !== (n = e.get(i, "value"))
                  ? n
                  : "string" == typeof (n = i.value)
                    ? n.replace(me, "")
                    : null == n
                      ? ""
                      : n
                : void 0;
          }
        }),
          _.extend({
            valHooks: {
              option: {
                get: function(t) {
                  var e = _.find.attr(t, "value");
                  return null != e ? e : de(_.text(t));
                }
              },
              select: {
                get: function(t) {
                  var e,
                    n,
                    r,
                    i = t.options,
                    o = t.selectedIndex,
                    a = "select-one" === t.type,
                    u = a ? null : [],
                    s = a ? o + 1 : i.length;
                  for (r = o < 0 ? s : a ? o : 0; r < s; r++)
                    if (
                      ((n = i[r]).selected || r === o) &&
                      !n.disabled &&
                      (!n.parentNode.disabled || !O(n.parentNode, "optgroup"))
                    ) {
                      if (((e = _(n).val()), a)) return e;
                      u.push(e);
                    }
                  return u;
                },
                set: function(t, e) {
                  for (var n, r, i = t.options, o = _.makeArray(e), a = i.length; a--; )
                    ((r = i[a]).selected = _.inArray(_.valHooks.option.get(r), o) > -1) && (n = !0);
                  return n || (t.selectedIndex = -1), o;
                }
              }
            }
          }),
          _.each(["radio", "checkbox"], function() {
            (_.valHooks[this] = {
              set: function(t, e) {
                if (Array.isArray(e)) return (t.checked = _.inArray(_(t).val(), e) > -1);
              }
            }),
              m.checkOn ||
                (_.valHooks[this].get = function(t) {
                  return null === t.getAttribute("value") ? "on" : t.value;
                });
          }),
          (m.focusin = "onfocusin" in n);
        var $e = /^(?:focusinfocus|focusoutblur)$/,
          ye = function(t) {
            t.stopPropagation();
          };
        _.extend(_.event, {
          trigger: function(t, e, r, i) {
            var o,
              u,
              s,
              c,
              l,
              f,
              p,
              h,
              v = [r || a],
              g = d.call(t, "type") ? t.type : t,
              m = d.call(t, "namespace") ? t.namespace.split(".") : [];
            if (
              ((u = h = s = r = r || a),
              3 !== r.nodeType &&
                8 !== r.nodeType &&
                !$e.test(g + _.event.triggered) &&
                (g.indexOf(".") > -1 && ((g = (m = g.split(".")).shift()), m.sort()),
                (l = g.indexOf(":") < 0 && "on" + g),
                ((t = t[_.expando] ? t : new _.Event(g, "object" == typeof t && t)).isTrigger = i
                  ? 2
                  : 3),
                (t.namespace = m.join(".")),
                (t.rnamespace = t.namespace
                  ? new RegExp("(^|\\.)" + m.join("\\.(?:.*\\.|)") + "(\\.|$)")
                  : null),
                (t.result = void 0),
                t.target || (t.target = r),
                (e = null == e ? [t] : _.makeArray(e, [t])),
                (p = _.event.special[g] || {}),
                i || !p.trigger || !1 !== p.trigger.apply(r, e)))
            ) {
              if (!i && !p.noBubble && !y(r)) {
                for (
                  c = p.delegateType || g, $e.test(c + g) || (u = u.parentNode);
                  u;
                  u = u.parentNode
                )
                  v.push(u), (s = u);
                s === (r.ownerDocument || a) && v.push(s.defaultView || s.parentWindow || n);
              }
              for (o = 0; (u = v[o++]) && !t.isPropagationStopped(); )
                (h = u),
                  (t.type = o > 1 ? c : p.bindType || g),
                  (f = (X.get(u, "events") || {})[t.type] && X.get(u, "handle")) && f.apply(u, e),
                  (f = l && u[l]) &&
                    f.apply &&
                    Y(u) &&
                    ((t.result = f.apply(u, e)), !1 === t.result && t.preventDefault());
              return (
                (t.type = g),
                i ||
                  t.isDefaultPrevented() ||
                  (p._default && !1 !== p._default.apply(v.pop(), e)) ||
                  !Y(r) ||
                  (l &&
                    $(r[g]) &&
                    !y(r) &&
                    ((s = r[l]) && (r[l] = null),
                    (_.event.triggered = g),
                    t.isPropagationStopped() && h.addEventListener(g, ye),
                    r[g](),
                    t.isPropagationStopped() && h.removeEventListener(g, ye),
                    (_.event.triggered = void 0),
                    s && (r[l] = s))),
                t.result
              );
            }
          },
          simulate: function(t, e, n) {
            var r = _.extend(new _.Event(), n, { type: t, isSimulated: !0 });
            _.event.trigger(r, null, e);
          }
        }),
          _.fn.extend({
            trigger: function(t, e) {
              return this.each(function() {
                _.event.trigger(t, e, this);
              });
            },
            triggerHandler: function(t, e) {
              var n = this[0];
              if (n) return _.event.trigger(t, e, n, !0);
            }
          }),
          m.focusin ||
            _.each({ focus: "focusin", blur: "focusout" }, function(t, e) {
              var n = function(t) {
                _.event.simulate(e, t.target, _.event.fix(t));
              };
              _.event.special[e] = {
                setup: function() {
                  var r = this.ownerDocument || this,
                    i = X.access(r, e);
                  i || r.addEventListener(t, n, !0), X.access(r, e, (i || 0) + 1);
                },
                teardown: function() {
                  var r = this.ownerDocument || this,
                    i = X.access(r, e) - 1;
                  i ? X.access(r, e, i) : (r.removeEventListener(t, n, !0), X.remove(r, e));
                }
              };
            });
        var be = n.location,
          we = Date.now(),
          xe = /\?/;
        _.parseXML = function(t) {
          var e;
          if (!t || "string" != typeof t) return null;
          try {
            e = new n.DOMParser().parseFromString(t, "text/xml");
          } catch (t) {
            e = void 0;
          }
          return (
            (e && !e.getElementsByTagName("parsererror").length) || _.error("Invalid XML: " + t), e
          );
        };
        var _e = /\[\]$/,
          Ce = /\r?\n/g,
          Se = /^(?:submit|button|image|reset|file)$/i,
          Ee = /^(?:input|select|textarea|keygen)/i;
        function ke(t, e, n, r) {
          var i;
          if (Array.isArray(e))
            _.each(e, function(e, i) {
              n || _e.test(t)
                ? r(t, i)
                : ke(t + "[" + ("object" == typeof i && null != i ? e : "") + "]", i, n, r);
            });
          else if (n || "object" !== x(e)) r(t, e);
          else for (i in e) ke(t + "[" + i + "]", e[i], n, r);
        }
        (_.param = function(t, e) {
          var n,
            r = [],
            i = function(t, e) {
              var n = $(e) ? e() : e;
              r[r.length] = encodeURIComponent(t) + "=" + encodeURIComponent(null == n ? "" : n);
            };
          if (Array.isArray(t) || (t.jquery && !_.isPlainObject(t)))
            _.each(t, function() {
              i(this.name, this.value);
            });
          else for (n in t) ke(n, t[n], e, i);
          return r.join("&");
        }),
          _.fn.extend({
            serialize: function() {
              return _.param(this.serializeArray());
            },
            serializeArray: function() {
              return this.map(function() {
                var t = _.prop(this, "elements");
                return t ? _.makeArray(t) : this;
              })
                .filter(function() {
                  var t = this.type;
                  return (
                    this.name &&
                    !_(this).is(":disabled") &&
                    Ee.test(this.nodeName) &&
                    !Se.test(t) &&
                    (this.checked || !pt.test(t))
                  );
                })
                .map(function(t, e) {
                  var n = _(this).val();
                  return null == n
                    ? null
                    : Array.isArray(n)
                      ? _.map(n, function(t) {
                          return { name: e.name, value: t.replace(Ce, "\r\n") };
                        })
                      : { name: e.name, value: n.replace(Ce, "\r\n") };
                })
                .get();
            }
          });
        var Ae = /%20/g,
          Te = /#.*$/,
          Oe = /([?&])_=[^&]*/,
          je = /^(.*?):[ \t]*([^\r\n]*)$/gm,
          Ne = /^(?:GET|HEAD)$/,
          Me = /^\/\//,
          Le = {},
          De = {},
          Ie = "*/".concat("*"),
          Re = a.createElement("a");
        function Pe(t) {
          return function(e, n) {
            "string" != typeof e && ((n = e), (e = "*"));
            var r,
              i = 0,
              o = e.toLowerCase().match(P) || [];
            if ($(n))
              for (; (r = o[i++]); )
                "+" === r[0]
                  ? ((r = r.slice(1) || "*"), (t[r] = t[r] || []).unshift(n))
                  : (t[r] = t[r] || []).push(n);
          };
        }
        function Ve(t, e, n, r) {
          var i = {},
            o = t === De;
          function a(u) {
            var s;
            return (
              (i[u] = !0),
              _.each(t[u] || [], function(t, u) {
                var c = u(e, n, r);
                return "string" != typeof c || o || i[c]
                  ? o
                    ? !(s = c)
                    : void 0
                  : (e.dataTypes.unshift(c), a(c), !1);
              }),
              s
            );
          }
          return a(e.dataTypes[0]) || (!i["*"] && a("*"));
        }
        function qe(t, e) {
          var n,
            r,
            i = _.ajaxSettings.flatOptions || {};
          for (n in e) void 0 !== e[n] && ((i[n] ? t : r || (r = {}))[n] = e[n]);
          return r && _.extend(!0, t, r), t;
        }
        (Re.href = be.href),
          _.extend({
            active: 0,
            lastModified: {},
            etag: {},
            ajaxSettings: {
              url: be.href,
              type: "GET",
              isLocal: /^(?:about|app|app-storage|.+-extension|file|res|widget):$/.test(
                be.protocol
              ),
              global: !0,
              processData: !0,
              async: !0,
              contentType: "application/x-www-form-urlencoded; charset=UTF-8",
              accepts: {
                "*": Ie,
                text: "text/plain",
                html: "text/html",
                xml: "application/xml, text/xml",
                json: "application/json, text/javascript"
              },
              contents: { xml: /\bxml\b/, html: /\bhtml/, json: /\bjson\b/ },
              responseFields: { xml: "responseXML", text: "responseText", json: "responseJSON" },
              converters: {
                "* text": String,
                "text html": !0,
                "text json": JSON.parse,
                "text xml": _.parseXML
              },
              flatOptions: { url: !0, context: !0 }
            },
            ajaxSetup: function(t, e) {
              return e ? qe(qe(t, _.ajaxSettings), e) : qe(_.ajaxSettings, t);
            },
            ajaxPrefilter: Pe(Le),
            ajaxTransport: Pe(De),
            ajax: function(t, e) {
              "object" == typeof t && ((e = t), (t = void 0)), (e = e || {});
              var r,
                i,
                o,
                u,
                s,
                c,
                l,
                f,
                p,
                h,
                d = _.ajaxSetup({}, e),
                v = d.context || d,
                g = d.context && (v.nodeType || v.jquery) ? _(v) : _.event,
                m = _.Deferred(),
                $ = _.Callbacks("once memory"),
                y = d.statusCode || {},
                b = {},
                w = {},
                x = "canceled",
                C = {
                  readyState: 0,
                  getResponseHeader: function(t) {
                    var e;
                    if (l) {
                      if (!u) for (u = {}; (e = je.exec(o)); ) u[e[1].toLowerCase()] = e[2];
                      e = u[t.toLowerCase()];
                    }
                    return null == e ? null : e;
                  },
                  getAllResponseHeaders: function() {
                    return l ? o : null;
                  },
                  setRequestHeader: function(t, e) {
                    return (
                      null == l && ((t = w[t.toLowerCase()] = w[t.toLowerCase()] || t), (b[t] = e)),
                      this
                    );
                  },
                  overrideMimeType: function(t) {
                    return null == l && (d.mimeType = t), this;
                  },
                  statusCode: function(t) {
                    var e;
                    if (t)
                      if (l) C.always(t[C.status]);
                      else for (e in t) y[e] = [y[e], t[e]];
                    return this;
                  },
                  abort: function(t) {
                    var e = t || x;
                    return r && r.abort(e), S(0, e), this;
                  }
                };
              if (
                (m.promise(C),
                (d.url = ((t || d.url || be.href) + "").replace(Me, be.protocol + "//")),
                (d.type = e.method || e.type || d.method || d.type),
                (d.dataTypes = (d.dataType || "*").toLowerCase().match(P) || [""]),
                null == d.crossDomain)
              ) {
                c = a.createElement("a");
                try {
                  (c.href = d.url),
                    (c.href = c.href),
                    (d.crossDomain = Re.protocol + "//" + Re.host != c.protocol + "//" + c.host);
                } catch (t) {
                  d.crossDomain = !0;
                }
              }
              if (
                (d.data &&
                  d.processData &&
                  "string" != typeof d.data &&
                  (d.data = _.param(d.data, d.traditional)),
                Ve(Le, d, e, C),
                l)
              )
                return C;
              for (p in ((f = _.event && d.global) &&
                0 == _.active++ &&
                _.event.trigger("ajaxStart"),
              (d.type = d.type.toUpperCase()),
              (d.hasContent = !Ne.test(d.type)),
              (i = d.url.replace(Te, "")),
              d.hasContent
                ? d.data &&
                  d.processData &&
                  0 === (d.contentType || "").indexOf("application/x-www-form-urlencoded") &&
                  (d.data = d.data.replace(Ae, "+"))
                : ((h = d.url.slice(i.length)),
                  d.data &&
                    (d.processData || "string" == typeof d.data) &&
                    ((i += (xe.test(i) ? "&" : "?") + d.data), delete d.data),
                  !1 === d.cache &&
                    ((i = i.replace(Oe, "$1")), (h = (xe.test(i) ? "&" : "?") + "_=" + we++ + h)),
                  (d.url = i + h)),
              d.ifModified &&
                (_.lastModified[i] && C.setRequestHeader("If-Modified-Since", _.lastModified[i]),
                _.etag[i] && C.setRequestHeader("If-None-Match", _.etag[i])),
              ((d.data && d.hasContent && !1 !== d.contentType) || e.contentType) &&
                C.setRequestHeader("Content-Type", d.contentType),
              C.setRequestHeader(
                "Accept",
                d.dataTypes[0] && d.accepts[d.dataTypes[0]]
                  ? d.accepts[d.dataTypes[0]] +
                    ("*" !== d.dataTypes[0] ? ", " + Ie + "; q=0.01" : "")
                  : d.accepts["*"]
              ),
              d.headers))
                C.setRequestHeader(p, d.headers[p]);
              if (d.beforeSend && (!1 === d.beforeSend.call(v, C, d) || l)) return C.abort();
              if (
                ((x = "abort"),
                $.add(d.complete),
                C.done(d.success),
                C.fail(d.error),
                (r = Ve(De, d, e, C)))
              ) {
                if (((C.readyState = 1), f && g.trigger("ajaxSend", [C, d]), l)) return C;
                d.async &&
                  d.timeout > 0 &&
                  (s = n.setTimeout(function() {
                    C.abort("timeout");
                  }, d.timeout));
                try {
                  (l = !1), r.send(b, S);
                } catch (t) {
                  if (l) throw t;
                  S(-1, t);
                }
              } else S(-1, "No Transport");
              function S(t, e, a, u) {
                var c,
                  p,
                  h,
                  b,
                  w,
                  x = e;
                l ||
                  ((l = !0),
                  s && n.clearTimeout(s),
                  (r = void 0),
                  (o = u || ""),
                  (C.readyState = t > 0 ? 4 : 0),
                  (c = (t >= 200 && t < 300) || 304 === t),
                  a &&
                    (b = (function(t, e, n) {
                      for (var r, i, o, a, u = t.contents, s = t.dataTypes; "*" === s[0]; )
                        s.shift(),
                          void 0 === r && (r = t.mimeType || e.getResponseHeader("Content-Type"));
                      if (r)
                        for (i in u)
                          if (u[i] && u[i].test(r)) {
                            s.unshift(i);
                            break;
                          }
                      if (s[0] in n) o = s[0];
                      else {
                        for (i in n) {
                          if (!s[0] || t.converters[i + " " + s[0]]) {
                            o = i;
                            break;
                          }
                          a || (a = i);
                        }
                        o = o || a;
                      }
                      if (o) return o !== s[0] && s.unshift(o), n[o];
                    })(d, C, a)),
                  (b = (function(t, e, n, r) {
                    var i,
                      o,
                      a,
                      u,
                      s,
                      c = {},
                      l = t.dataTypes.slice();
                    if (l[1]) for (a in t.converters) c[a.toLowerCase()] = t.converters[a];
                    for (o = l.shift(); o; )
                      if (
                        (t.responseFields[o] && (n[t.responseFields[o]] = e),
                        !s && r && t.dataFilter && (e = t.dataFilter(e, t.dataType)),
                        (s = o),
                        (o = l.shift()))
                      )
                        if ("*" === o) o = s;
                        else if ("*" !== s && s !== o) {
                          if (!(a = c[s + " " + o] || c["* " + o]))
                            for (i in c)
                              if (
                                (u = i.split(" "))[1] === o &&
                                (a = c[s + " " + u[0]] || c["* " + u[0]])
                              ) {
                                !0 === a
                                  ? (a = c[i])
                                  : !0 !== c[i] && ((o = u[0]), l.unshift(u[1]));
                                break;
                              }
                          if (!0 !== a)
                            if (a && t.throws) e = a(e);
                            else
                              try {
                                e = a(e);
                              } catch (t) {
                                return {
                                  state: "parsererror",
                                  error: a ? t : "No conversion from " + s + " to " + o
                                };
                              }
                        }
                    return { state: "success", data: e };
                  })(d, b, C, c)),
                  c
                    ? (d.ifModified &&
                        ((w = C.getResponseHeader("Last-Modified")) && (_.lastModified[i] = w),
                        (w = C.getResponseHeader("etag")) && (_.etag[i] = w)),
                      204 === t || "HEAD" === d.type
                        ? (x = "nocontent")
                        : 304 === t
                          ? (x = "notmodified")
                          : ((x = b.state), (p = b.data), (c = !(h = b.error))))
                    : ((h = x), (!t && x) || ((x = "error"), t < 0 && (t = 0))),
                  (C.status = t),
                  (C.statusText = (e || x) + ""),
                  c ? m.resolveWith(v, [p, x, C]) : m.rejectWith(v, [C, x, h]),
                  C.statusCode(y),
                  (y = void 0),
                  f && g.trigger(c ? "ajaxSuccess" : "ajaxError", [C, d, c ? p : h]),
                  $.fireWith(v, [C, x]),
                  f &&
                    (g.trigger("ajaxComplete", [C, d]), --_.active || _.event.trigger("ajaxStop")));
              }
              return C;
            },
            getJSON: function(t, e, n) {
              return _.get(t, e, n, "json");
            },
            getScript: function(t, e) {
              return _.get(t, void 0, e, "script");
            }
          }),
          _.each(["get", "post"], function(t, e) {
            _[e] = function(t, n, r, i) {
              return (
                $(n) && ((i = i || r), (r = n), (n = void 0)),
                _.ajax(
                  _.extend(
                    { url: t, type: e, dataType: i, data: n, success: r },
                    _.isPlainObject(t) && t
                  )
                )
              );
            };
          }),
          (_._evalUrl = function(t) {
            return _.ajax({
              url: t,
              type: "GET",
              dataType: "script",
              cache: !0,
              async: !1,
              global: !1,
              throws: !0
            });
          }),
          _.fn.extend({
            wrapAll: function(t) {
              var e;
              return (
                this[0] &&
                  ($(t) && (t = t.call(this[0])),
                  (e = _(t, this[0].ownerDocument)
                    .eq(0)
                    .clone(!0)),
                  this[0].parentNode && e.insertBefore(this[0]),
                  e
                    .map(function() {
                      for (var t = this; t.firstElementChild; ) t = t.firstElementChild;
                      return t;
                    })
                    .append(this)),
                this
              );
            },
            wrapInner: function(t) {
              return $(t)
                ? this.each(function(e) {
                    _(this).wrapInner(t.call(this, e));
                  })
                : this.each(function() {
                    var e = _(this),
                      n = e.contents();
                    n.length ? n.wrapAll(t) : e.append(t);
                  });
            },
            wrap: function(t) {
              var e = $(t);
              return this.each(function(n) {
                _(this).wrapAll(e ? t.call(this, n) : t);
              });
            },
            unwrap: function(t) {
              return (
                this.parent(t)
                  .not("body")
                  .each(function() {
                    _(this).replaceWith(this.childNodes);
                  }),
                this
              );
            }
          }),
          (_.expr.pseudos.hidden = function(t) {
            return !_.expr.pseudos.visible(t);
          }),
          (_.expr.pseudos.visible = function(t) {
            return !!(t.offsetWidth || t.offsetHeight || t.getClientRects().length);
          }),
          (_.ajaxSettings.xhr = function() {
            try {
              return new n.XMLHttpRequest();
            } catch (t) {}
          });
        var Ue = { 0: 200, 1223: 204 },
          Fe = _.ajaxSettings.xhr();
        (m.cors = !!Fe && "withCredentials" in Fe),
          (m.ajax = Fe = !!Fe),
          _.ajaxTransport(function(t) {
            var e, r;
            if (m.cors || (Fe && !t.crossDomain))
              return {
                send: function(i, o) {
                  var a,
                    u = t.xhr();
                  if ((u.open(t.type, t.url, t.async, t.username, t.password), t.xhrFields))
                    for (a in t.xhrFields) u[a] = t.xhrFields[a];
                  for (a in (t.mimeType && u.overrideMimeType && u.overrideMimeType(t.mimeType),
                  t.crossDomain ||
                    i["X-Requested-With"] ||
                    (i["X-Requested-With"] = "XMLHttpRequest"),
                  i))
                    u.setRequestHeader(a, i[a]);
                  (e = function(t) {
                    return function() {
                      e &&
                        ((e = r = u.onload = u.onerror = u.onabort = u.ontimeout = u.onreadystatechange = null),
                        "abort" === t
                          ? u.abort()
                          : "error" === t
                            ? "number" != typeof u.status
                              ? o(0, "error")
                              : o(u.status, u.statusText)
                            : o(
                                Ue[u.status] || u.status,
                                u.statusText,
                                "text" !== (u.responseType || "text") ||
                                "string" != typeof u.responseText
                                  ? { binary: u.response }
                                  : { text: u.responseText },
                                u.getAllResponseHeaders()
                              ));
                    };
                  }),
                    (u.onload = e()),
                    (r = u.onerror = u.ontimeout = e("error")),
                    void 0 !== u.onabort
                      ? (u.onabort = r)
                      : (u.onreadystatechange = function() {
                          4 === u.readyState &&
                            n.setTimeout(function() {
                              e && r();
                            });
                        }),
                    (e = e("abort"));
                  try {
                    u.send((t.hasContent && t.data) || null);
                  } catch (t) {
                    if (e) throw t;
                  }
                },
                abort: function() {
                  e && e();
                }
              };
          }),
          _.ajaxPrefilter(function(t) {
            t.crossDomain && (t.contents.script = !1);
          }),
          _.ajaxSetup({
            accepts: {
              script:
                "text/javascript, application/javascript, application/ecmascript, application/x-ecmascript"
            },
            contents: { script: /\b(?:java|ecma)script\b/ },
            converters: {
              "text script": function(t) {
                return _.globalEval(t), t;
              }
            }
          }),
          _.ajaxPrefilter("script", function(t) {
            void 0 === t.cache && (t.cache = !1), t.crossDomain && (t.type = "GET");
          }),
          _.ajaxTransport("script", function(t) {
            var e, n;
            if (t.crossDomain)
              return {
                send: function(r, i) {
                  (e = _("<script>")
                    .prop({ charset: t.scriptCharset, src: t.url })
                    .on(
                      "load error",
                      (n = function(t) {
                        e.remove(), (n = null), t && i("error" === t.type ? 404 : 200, t.type);
                      })
                    )),
                    a.head.appendChild(e[0]);
                },
                abort: function() {
                  n && n();
                }
              };
          });
        var He = [],
          Be = /(=)\?(?=&|$)|\?\?/;
        _.ajaxSetup({
          jsonp: "callback",
          jsonpCallback: function() {
            var t = He.pop() || _.expando + "_" + we++;
            return (this[t] = !0), t;
          }
        }),
          _.ajaxPrefilter("json jsonp", function(t, e, r) {
            var i,
              o,
              a,
              u =
                !1 !== t.jsonp &&
                (Be.test(t.url)
                  ? "url"
                  : "string" == typeof t.data &&
                    0 === (t.contentType || "").indexOf("application/x-www-form-urlencoded") &&
                    Be.test(t.data) &&
                    "data");
            if (u || "jsonp" === t.dataTypes[0])
              return (
                (i = t.jsonpCallback = $(t.jsonpCallback) ? t.jsonpCallback() : t.jsonpCallback),
                u
                  ? (t[u] = t[u].replace(Be, "$1" + i))
                  : !1 !== t.jsonp && (t.url += (xe.test(t.url) ? "&" : "?") + t.jsonp + "=" + i),
                (t.converters["script json"] = function() {
                  return a || _.error(i + " was not called"), a[0];
                }),
                (t.dataTypes[0] = "json"),
                (o = n[i]),
                (n[i] = function() {
                  a = arguments;
                }),
                r.always(function() {
                  void 0 === o ? _(n).removeProp(i) : (n[i] = o),
                    t[i] && ((t.jsonpCallback = e.jsonpCallback), He.push(i)),
                    a && $(o) && o(a[0]),
                    (a = o = void 0);
                }),
                "script"
              );
          }),
          (m.createHTMLDocument = (function() {
            var t = a.implementation.createHTMLDocument("").body;
            return (t.innerHTML = "<form></form><form></form>"), 2 === t.childNodes.length;
          })()),
          (_.parseHTML = function(t, e, n) {
            return "string" != typeof t
              ? []
              : ("boolean" == typeof e && ((n = e), (e = !1)),
                e ||
                  (m.createHTMLDocument
                    ? (((r = (e = a.implementation.createHTMLDocument("")).createElement(
                        "base"
                      )).href = a.location.href),
                      e.head.appendChild(r))
                    : (e = a)),
                (i = j.exec(t)),
                (o = !n && []),
                i
                  ? [e.createElement(i[1])]
                  : ((i = yt([t], e, o)),
                    o && o.length && _(o).remove(),
                    _.merge([], i.childNodes)));
            var r, i, o;
          }),
          (_.fn.load = function(t, e, n) {
            var r,
              i,
              o,
              a = this,
              u = t.indexOf(" ");
            return (
              u > -1 && ((r = de(t.slice(u))), (t = t.slice(0, u))),
              $(e) ? ((n = e), (e = void 0)) : e && "object" == typeof e && (i = "POST"),
              a.length > 0 &&
                _.ajax({ url: t, type: i || "GET", dataType: "html", data: e })
                  .done(function(t) {
                    (o = arguments),
                      a.html(
                        r
                          ? _("<div>")
                              .append(_.parseHTML(t))
                              .find(r)
                          : t
                      );
                  })
                  .always(
                    n &&
                      function(t, e) {
                        a.each(function() {
                          n.apply(this, o || [t.responseText, e, t]);
                        });
                      }
                  ),
              this
            );
          }),
          _.each(
            ["ajaxStart", "ajaxStop", "ajaxComplete", "ajaxError", "ajaxSuccess", "ajaxSend"],
            function(t, e) {
              _.fn[e] = function(t) {
                return this.on(e, t);
              };
            }
          ),
          (_.expr.pseudos.animated = function(t) {
            return _.grep(_.timers, function(e) {
              return t === e.elem;
            }).length;
          }),
          (_.offset = {
            setOffset: function(t, e, n) {
              var r,
                i,
                o,
                a,
                u,
                s,
                c = _.css(t, "position"),
                l = _(t),
                f = {};
              "static" === c && (t.style.position = "relative"),
                (u = l.offset()),
                (o = _.css(t, "top")),
                (s = _.css(t, "left")),
                ("absolute" === c || "fixed" === c) && (o + s).indexOf("auto") > -1
                  ? ((a = (r = l.position()).top), (i = r.left))
                  : ((a = parseFloat(o) || 0), (i = parseFloat(s) || 0)),
                $(e) && (e = e.call(t, n, _.extend({}, u))),
                null != e.top && (f.top = e.top - u.top + a),
                null != e.left && (f.left = e.left - u.left + i),
                "using" in e ? e.using.call(t, f) : l.css(f);
            }
          }),
          _.fn.extend({
            offset: function(t) {
              if (arguments.length)
                return void 0 === t
                  ? this
                  : this.each(function(e) {
                      _.offset.setOffset(this, t, e);
                    });
              var e,
                n,
                r = this[0];
              return r
                ? r.getClientRects().length
                  ? ((e = r.getBoundingClientRect()),
                    (n = r.ownerDocument.defaultView),
                    { top: e.top + n.pageYOffset, left: e.left + n.pageXOffset })
                  : { top: 0, left: 0 }
                : void 0;
            },
            position: function() {
              if (this[0]) {
                var t,
                  e,
                  n,
                  r = this[0],
                  i = { top: 0, left: 0 };
                if ("fixed" === _.css(r, "position")) e = r.getBoundingClientRect();
                else {
                  for (
                    e = this.offset(), n = r.ownerDocument, t = r.offsetParent || n.documentElement;
                    t &&
                    (t === n.body || t === n.documentElement) &&
                    "static" === _.css(t, "position");

                  )
                    t = t.parentNode;
                  t &&
                    t !== r &&
                    1 === t.nodeType &&
                    (((i = _(t).offset()).top += _.css(t, "borderTopWidth", !0)),
                    (i.left += _.css(t, "borderLeftWidth", !0)));
                }
                return {
                  top: e.top - i.top - _.css(r, "marginTop", !0),
                  left: e.left - i.left - _.css(r, "marginLeft", !0)
                };
              }
            },
            offsetParent: function() {
              return this.map(function() {
                for (var t = this.offsetParent; t && "static" === _.css(t, "position"); )
                  t = t.offsetParent;
                return t || bt;
              });
            }
          }),
          _.each({ scrollLeft: "pageXOffset", scrollTop: "pageYOffset" }, function(t, e) {
            var n = "pageYOffset" === e;
            _.fn[t] = function(r) {
              return z(
                this,
                function(t, r, i) {
                  var o;
                  if ((y(t) ? (o = t) : 9 === t.nodeType && (o = t.defaultView), void 0 === i))
                    return o ? o[e] : t[r];
                  o ? o.scrollTo(n ? o.pageXOffset : i, n ? i : o.pageYOffset) : (t[r] = i);
                },
                t,
                r,
                arguments.length
              );
            };
          }),
          _.each(["top", "left"], function(t, e) {
            _.cssHooks[e] = Ht(m.pixelPosition, function(t, n) {
              if (n) return (n = Ft(t, e)), Vt.test(n) ? _(t).position()[e] + "px" : n;
            });
          }),
          _.each({ Height: "height", Width: "width" }, function(t, e) {
            _.each({ padding: "inner" + t, content: e, "": "outer" + t }, function(n, r) {
              _.fn[r] = function(i, o) {
                var a = arguments.length && (n || "boolean" != typeof i),
                  u = n || (!0 === i || !0 === o ? "margin" : "border");
                return z(
                  this,
                  function(e, n, i) {
                    var o;
                    return y(e)
                      ? 0 === r.indexOf("outer")
                        ? e["inner" + t]
                        : e.document.documentElement["client" + t]
                      : 9 === e.nodeType
                        ? ((o = e.documentElement),
                          Math.max(
                            e.body["scroll" + t],
                            o["scroll" + t],
                            e.body["offset" + t],
                            o["offset" + t],
                            o["client" + t]
                          ))
                        : void 0 === i
                          ? _.css(e, n, u)
                          : _.style(e, n, i, u);
                  },
                  e,
                  a ? i : void 0,
                  a
                );
              };
            });
          }),
          _.each(
            "blur focus focusin focusout resize scroll click dblclick mousedown mouseup mousemove mouseover mouseout mouseenter mouseleave change select submit keydown keypress keyup contextmenu".split(
              " "
            ),
            function(t, e) {
              _.fn[e] = function(t, n) {
                return arguments.length > 0 ? this.on(e, null, t, n) : this.trigger(e);
              };
            }
          ),
          _.fn.extend({
            hover: function(t, e) {
              return this.mouseenter(t).mouseleave(e || t);
            }
          }),
          _.fn.extend({
            bind: function(t, e, n) {
              return this.on(t, null, e, n);
            },
            unbind: function(t, e) {
              return this.off(t, null, e);
            },
            delegate: function(t, e, n, r) {
              return this.on(e, t, n, r);
            },
            undelegate: function(t, e, n) {
              return 1 === arguments.length ? this.off(t, "**") : this.off(e, t || "**", n);
            }
          }),
          (_.proxy = function(t, e) {
            var n, r, i;
            if (("string" == typeof e && ((n = t[e]), (e = t), (t = n)), $(t)))
              return (
                (r = s.call(arguments, 2)),
                ((i = function() {
                  return t.apply(e || this, r.concat(s.call(arguments)));
                }).guid = t.guid = t.guid || _.guid++),
                i
              );
          }),
          (_.holdReady = function(t) {
            t ? _.readyWait++ : _.ready(!0);
          }),
          (_.isArray = Array.isArray),
          (_.parseJSON = JSON.parse),
          (_.nodeName = O),
          (_.isFunction = $),
          (_.isWindow = y),
          (_.camelCase = J),
          (_.type = x),
          (_.now = Date.now),
          (_.isNumeric = function(t) {
            var e = _.type(t);
            return ("number" === e || "string" === e) && !isNaN(t - parseFloat(t));
          }),
          void 0 ===
            (r = function() {
              return _;
            }.apply(e, [])) || (t.exports = r);
        var ze = n.jQuery,
          We = n.$;
        return (
          (_.noConflict = function(t) {
            return n.$ === _ && (n.$ = We), t && n.jQuery === _ && (n.jQuery = ze), _;
          }),
          i || (n.jQuery = n.$ = _),
          _
        );
      });
    },
    30: function(t, e, n) {
      (function(t) {
        /**
         * @license AngularJS v1.7.3
         * (c) 2010-2018 Google, Inc. http://angularjs.org
         * License: MIT
         */
        !(function(e) {
          "use strict";
          var n = { objectMaxDepth: 5, urlErrorParamsEnabled: !0 };
          function r(t) {
            if (!U(t)) return n;
            q(t.objectMaxDepth) &&
              (n.objectMaxDepth = i(t.objectMaxDepth) ? t.objectMaxDepth : NaN),
              q(t.urlErrorParamsEnabled) &&
                X(t.urlErrorParamsEnabled) &&
                (n.urlErrorParamsEnabled = t.urlErrorParamsEnabled);
          }
          function i(t) {
            return B(t) && t > 0;
          }
          function o(t, e) {
            e = e || Error;
            var r = "https://errors.angularjs.org/1.7.3/",
              i = r.replace(".", "\\.") + "[\\s\\S]*",
              o = new RegExp(i, "g");
            return function() {
              var i,
                a,
                u = arguments[0],
                s = arguments[1],
                c = "[" + (t ? t + ":" : "") + u + "] ",
                l = ht(arguments, 2).map(function(t) {
                  return Kt(t, n.objectMaxDepth);
                });
              if (
                ((c += s.replace(/\{\d+\}/g, function(t) {
                  var e = +t.slice(1, -1);
                  return e < l.length ? l[e].replace(o, "") : t;
                })),
                (c += "\n" + r + (t ? t + "/" : "") + u),
                n.urlErrorParamsEnabled)
              )
                for (a = 0, i = "?"; a < l.length; a++, i = "&")
                  c += i + "p" + a + "=" + encodeURIComponent(l[a]);
              return new e(c);
            };
          }
          var a,
            u,
            s,
            c,
            l = /^\/(.+)\/([a-z]*)$/,
            f = "validity",
            p = Object.prototype.hasOwnProperty,
            h = function(t) {
              return H(t) ? t.toLowerCase() : t;
            },
            d = function(t) {
              return H(t) ? t.toUpperCase() : t;
            },
            v = [].slice,
            g = [].splice,
            m = [].push,
            $ = Object.prototype.toString,
            y = Object.getPrototypeOf,
            b = o("ng"),
            w = e.angular || (e.angular = {}),
            x = 0;
          function _(t) {
            if (null == t || Y(t)) return !1;
            if (W(t) || H(t) || (u && t instanceof u)) return !0;
            var e = "length" in Object(t) && t.length;
            return B(e) && ((e >= 0 && e - 1 in t) || "function" == typeof t.item);
          }
          function C(t, e, n) {
            var r, i;
            if (t)
              if (K(t))
                for (r in t)
                  "prototype" !== r &&
                    "length" !== r &&
                    "name" !== r &&
                    t.hasOwnProperty(r) &&
                    e.call(n, t[r], r, t);
              else if (W(t) || _(t)) {
                var o = "object" != typeof t;
                for (r = 0, i = t.length; r < i; r++) (o || r in t) && e.call(n, t[r], r, t);
              } else if (t.forEach && t.forEach !== C) t.forEach(e, n, t);
              else if (F(t)) for (r in t) e.call(n, t[r], r, t);
              else if ("function" == typeof t.hasOwnProperty)
                for (r in t) t.hasOwnProperty(r) && e.call(n, t[r], r, t);
              else for (r in t) p.call(t, r) && e.call(n, t[r], r, t);
            return t;
          }
          function S(t, e, n) {
            for (var r = Object.keys(t).sort(), i = 0; i < r.length; i++) e.call(n, t[r[i]], r[i]);
            return r;
          }
          function E(t) {
            return function(e, n) {
              t(n, e);
            };
          }
          function k() {
            return ++x;
          }
          function A(t, e) {
            e ? (t.$$hashKey = e) : delete t.$$hashKey;
          }
          function T(t, e, n) {
            for (var r = t.$$hashKey, i = 0, o = e.length; i < o; ++i) {
              var a = e[i];
              if (U(a) || K(a))
                for (var u = Object.keys(a), s = 0, c = u.length; s < c; s++) {
                  var l = u[s],
                    f = a[l];
                  n && U(f)
                    ? z(f)
                      ? (t[l] = new Date(f.valueOf()))
                      : J(f)
                        ? (t[l] = new RegExp(f))
                        : f.nodeName
                          ? (t[l] = f.cloneNode(!0))
                          : rt(f)
                            ? (t[l] = f.clone())
                            : (U(t[l]) || (t[l] = W(f) ? [] : {}), T(t[l], [f], !0))
                    : (t[l] = f);
                }
            }
            return A(t, r), t;
          }
          function O(t) {
            return T(t, v.call(arguments, 1), !1);
          }
          function j(t) {
            return T(t, v.call(arguments, 1), !0);
          }
          function N(t) {
            return parseInt(t, 10);
          }
          a = e.document.documentMode;
          var M =
            Number.isNaN ||
            function(t) {
              return t != t;
            };
          function L(t, e) {
            return O(Object.create(t), e);
          }
          function D() {}
          function I(t) {
            return t;
          }
          function R(t) {
            return function() {
              return t;
            };
          }
          function P(t) {
            return K(t.toString) && t.toString !== $;
          }
          function V(t) {
            return void 0 === t;
          }
          function q(t) {
            return void 0 !== t;
          }
          function U(t) {
            return null !== t && "object" == typeof t;
          }
          function F(t) {
            return null !== t && "object" == typeof t && !y(t);
          }
          function H(t) {
            return "string" == typeof t;
          }
          function B(t) {
            return "number" == typeof t;
          }
          function z(t) {
            return "[object Date]" === $.call(t);
          }
          function W(t) {
            return Array.isArray(t) || t instanceof Array;
          }
          function G(t) {
            switch ($.call(t)) {
              case "[object Error]":
              case "[object Exception]":
              case "[object DOMException]":
                return !0;
              default:
                return t instanceof Error;
            }
          }
          function K(t) {
            return "function" == typeof t;
          }
          function J(t) {
            return "[object RegExp]" === $.call(t);
          }
          function Y(t) {
            return t && t.window === t;
          }
          function Z(t) {
            return t && t.$evalAsync && t.$watch;
          }
          function X(t) {
            return "boolean" == typeof t;
          }
          function Q(t) {
            return t && K(t.then);
          }
          (D.$inject = []), (I.$inject = []);
          var tt = /^\[object (?:Uint8|Uint8Clamped|Uint16|Uint32|Int8|Int16|Int32|Float32|Float64)Array]$/;
          var et = function(t) {
              return H(t) ? t.trim() : t;
            },
            nt = function(t) {
              return t.replace(/([-()[\]{}+?*.$^|,:#<!\\])/g, "\\$1").replace(/\x08/g, "\\x08");
            };
          function rt(t) {
            return !(!t || !(t.nodeName || (t.prop && t.attr && t.find)));
          }
          function it(t) {
            return h(t.nodeName || (t[0] && t[0].nodeName));
          }
          function ot(t, e) {
            return -1 !== Array.prototype.indexOf.call(t, e);
          }
          function at(t, e) {
            var n = t.indexOf(e);
            return n >= 0 && t.splice(n, 1), n;
          }
          function ut(t, e, n) {
            var r = [],
              o = [];
            if (((n = i(n) ? n : NaN), e)) {
              if (
                (function(t) {
                  return t && B(t.length) && tt.test($.call(t));
                })(e) ||
                (function(t) {
                  return "[object ArrayBuffer]" === $.call(t);
                })(e)
              )
                throw b("cpta", "Can't copy! TypedArray destination cannot be mutated.");
              if (t === e) throw b("cpi", "Can't copy! Source and destination are identical.");
              return (
                W(e)
                  ? (e.length = 0)
                  : C(e, function(t, n) {
                      "$$hashKey" !== n && delete e[n];
                    }),
                r.push(t),
                o.push(e),
                a(t, e, n)
              );
            }
            return u(t, n);
            function a(t, e, n) {
              if (--n < 0) return "...";
              var r,
                i = e.$$hashKey;
              if (W(t)) for (var o = 0, a = t.length; o < a; o++) e.push(u(t[o], n));
              else if (F(t)) for (r in t) e[r] = u(t[r], n);
              else if (t && "function" == typeof t.hasOwnProperty)
                for (r in t) t.hasOwnProperty(r) && (e[r] = u(t[r], n));
              else for (r in t) p.call(t, r) && (e[r] = u(t[r], n));
              return A(e, i), e;
            }
            function u(t, e) {
              if (!U(t)) return t;
              var n = r.indexOf(t);
              if (-1 !== n) return o[n];
              if (Y(t) || Z(t))
                throw b(
                  "cpws",
                  "Can't copy! Making copies of Window or Scope instances is not supported."
                );
              var i = !1,
                s = (function(t) {
                  switch ($.call(t)) {
                    case "[object Int8Array]":
                    case "[object Int16Array]":
                    case "[object Int32Array]":
                    case "[object Float32Array]":
                    case "[object Float64Array]":
                    case "[object Uint8Array]":
                    case "[object Uint8ClampedArray]":
                    case "[object Uint16Array]":
                    case "[object Uint32Array]":
                      return new t.constructor(u(t.buffer), t.byteOffset, t.length);
                    case "[object ArrayBuffer]":
                      if (!t.slice) {
                        var e = new ArrayBuffer(t.byteLength);
                        return new Uint8Array(e).set(new Uint8Array(t)), e;
                      }
                      return t.slice(0);
                    case "[object Boolean]":
                    case "[object Number]":
                    case "[object String]":
                    case "[object Date]":
                      return new t.constructor(t.valueOf());
                    case "[object RegExp]":
                      var n = new RegExp(t.source, t.toString().match(/[^/]*$/)[0]);
                      return (n.lastIndex = t.lastIndex), n;
                    case "[object Blob]":
                      return new t.constructor([t], { type: t.type });
                  }
                  if (K(t.cloneNode)) return t.cloneNode(!0);
                })(t);
              return (
                void 0 === s && ((s = W(t) ? [] : Object.create(y(t))), (i = !0)),
                r.push(t),
                o.push(s),
                i ? a(t, s, e) : s
              );
            }
          }
          function st(t, e) {
            return t === e || (t != t && e != e);
          }
          function ct(t, e) {
            if (t === e) return !0;
            if (null === t || null === e) return !1;
            if (t != t && e != e) return !0;
            var n,
              r,
              i,
              o = typeof t;
            if (o === typeof e && "object" === o) {
              if (!W(t)) {
                if (z(t)) return !!z(e) && st(t.getTime(), e.getTime());
                if (J(t)) return !!J(e) && t.toString() === e.toString();
                if (Z(t) || Z(e) || Y(t) || Y(e) || W(e) || z(e) || J(e)) return !1;
                for (r in ((i = qt()), t))
                  if ("$" !== r.charAt(0) && !K(t[r])) {
                    if (!ct(t[r], e[r])) return !1;
                    i[r] = !0;
                  }
                for (r in e) if (!(r in i) && "$" !== r.charAt(0) && q(e[r]) && !K(e[r])) return !1;
                return !0;
              }
              if (!W(e)) return !1;
              if ((n = t.length) === e.length) {
                for (r = 0; r < n; r++) if (!ct(t[r], e[r])) return !1;
                return !0;
              }
            }
            return !1;
          }
          var lt = function() {
              if (!q(lt.rules)) {
                var t =
                  e.document.querySelector("[ng-csp]") || e.document.querySelector("[data-ng-csp]");
                if (t) {
                  var n = t.getAttribute("ng-csp") || t.getAttribute("data-ng-csp");
                  lt.rules = {
                    noUnsafeEval: !n || -1 !== n.indexOf("no-unsafe-eval"),
                    noInlineStyle: !n || -1 !== n.indexOf("no-inline-style")
                  };
                } else
                  lt.rules = {
                    noUnsafeEval: (function() {
                      try {
                        return new Function(""), !1;
                      } catch (t) {
                        return !0;
                      }
                    })(),
                    noInlineStyle: !1
                  };
              }
              return lt.rules;
            },
            ft = function() {
              if (q(ft.name_)) return ft.name_;
              var t,
                n,
                r,
                i,
                o = kt.length;
              for (n = 0; n < o; ++n)
                if (
                  ((r = kt[n]), (t = e.document.querySelector("[" + r.replace(":", "\\:") + "jq]")))
                ) {
                  i = t.getAttribute(r + "jq");
                  break;
                }
              return (ft.name_ = i);
            };
          function pt(t, e, n) {
            return t.concat(v.call(e, n));
          }
          function ht(t, e) {
            return v.call(t, e || 0);
          }
          function dt(t, e) {
            var n = arguments.length > 2 ? ht(arguments, 2) : [];
            return !K(e) || e instanceof RegExp
              ? e
              : n.length
                ? function() {
                    return arguments.length ? e.apply(t, pt(n, arguments, 0)) : e.apply(t, n);
                  }
                : function() {
                    return arguments.length ? e.apply(t, arguments) : e.call(t);
                  };
          }
          function vt(t, n) {
            var r = n;
            return (
              "string" == typeof t && "$" === t.charAt(0) && "$" === t.charAt(1)
                ? (r = void 0)
                : Y(n)
                  ? (r = "$WINDOW")
                  : n && e.document === n
                    ? (r = "$DOCUMENT")
                    : Z(n) && (r = "$SCOPE"),
              r
            );
          }
          function gt(t, e) {
            if (!V(t)) return B(e) || (e = e ? 2 : null), JSON.stringify(t, vt, e);
          }
          function mt(t) {
            return H(t) ? JSON.parse(t) : t;
          }
          var $t = /:/g;
          function yt(t, e) {
            t = t.replace($t, "");
            var n = Date.parse("Jan 01, 1970 00:00:00 " + t) / 6e4;
            return M(n) ? e : n;
          }
          function bt(t, e) {
            return (t = new Date(t.getTime())).setMinutes(t.getMinutes() + e), t;
          }
          function wt(t, e, n) {
            n = n ? -1 : 1;
            var r = t.getTimezoneOffset();
            return bt(t, n * (yt(e, r) - r));
          }
          function xt(t) {
            t = u(t)
              .clone()
              .empty();
            var e = u("<div></div>")
              .append(t)
              .html();
            try {
              return t[0].nodeType === Ht
                ? h(e)
                : e.match(/^(<[^>]+>)/)[1].replace(/^<([\w-]+)/, function(t, e) {
                    return "<" + h(e);
                  });
            } catch (t) {
              return h(e);
            }
          }
          function _t(t) {
            try {
              return decodeURIComponent(t);
            } catch (t) {}
          }
          function Ct(t) {
            var e = {};
            return (
              C((t || "").split("&"), function(t) {
                var n, r, i;
                t &&
                  ((r = t = t.replace(/\+/g, "%20")),
                  -1 !== (n = t.indexOf("=")) &&
                    ((r = t.substring(0, n)), (i = t.substring(n + 1))),
                  q((r = _t(r))) &&
                    ((i = !q(i) || _t(i)),
                    p.call(e, r) ? (W(e[r]) ? e[r].push(i) : (e[r] = [e[r], i])) : (e[r] = i)));
              }),
              e
            );
          }
          function St(t) {
            return Et(t, !0)
              .replace(/%26/gi, "&")
              .replace(/%3D/gi, "=")
              .replace(/%2B/gi, "+");
          }
          function Et(t, e) {
            return encodeURIComponent(t)
              .replace(/%40/gi, "@")
              .replace(/%3A/gi, ":")
              .replace(/%24/g, "$")
              .replace(/%2C/gi, ",")
              .replace(/%3B/gi, ";")
              .replace(/%20/g, e ? "%20" : "+");
          }
          var kt = ["ng-", "data-ng-", "ng:", "x-ng-"];
          var At = (function(t) {
            var n = t.currentScript;
            if (!n) return !0;
            if (!(n instanceof e.HTMLScriptElement || n instanceof e.SVGScriptElement)) return !1;
            var r = n.attributes;
            return [
              r.getNamedItem("src"),
              r.getNamedItem("href"),
              r.getNamedItem("xlink:href")
            ].every(function(e) {
              if (!e) return !0;
              if (!e.value) return !1;
              var n = t.createElement("a");
              if (((n.href = e.value), t.location.origin === n.origin)) return !0;
              switch (n.protocol) {
                case "http:":
                case "https:":
                case "ftp:":
                case "blob:":
                case "file:":
                case "data:":
                  return !0;
                default:
                  return !1;
              }
            });
          })(e.document);
          function Tt(t, n) {
            var r,
              i,
              o = {};
            if (
              (C(kt, function(e) {
                var n = e + "app";
                !r && t.hasAttribute && t.hasAttribute(n) && ((r = t), (i = t.getAttribute(n)));
              }),
              C(kt, function(e) {
                var n,
                  o = e + "app";
                !r &&
                  (n = t.querySelector("[" + o.replace(":", "\\:") + "]")) &&
                  ((r = n), (i = n.getAttribute(o)));
              }),
              r)
            ) {
              if (!At) {
                try {
                  e.console.error(
                    "AngularJS: disabling automatic bootstrap. <script> protocol indicates an extension, document.location.href does not match."
                  );
                } catch (t) {}
                return;
              }
              (o.strictDi =
                null !==
                (function(t, e) {
                  var n,
                    r,
                    i = kt.length;
                  for (r = 0; r < i; ++r)
                    if (((n = kt[r] + e), H((n = t.getAttribute(n))))) return n;
                  return null;
                })(r, "strict-di")),
                n(r, i ? [i] : [], o);
            }
          }
          function Ot(t, n, r) {
            U(r) || (r = {});
            r = O({ strictDi: !1 }, r);
            var i = function() {
                if ((t = u(t)).injector()) {
                  var i = t[0] === e.document ? "document" : xt(t);
                  throw b(
                    "btstrpd",
                    "App already bootstrapped with this element '{0}'",
                    i.replace(/</, "&lt;").replace(/>/, "&gt;")
                  );
                }
                (n = n || []).unshift([
                  "$provide",
                  function(e) {
                    e.value("$rootElement", t);
                  }
                ]),
                  r.debugInfoEnabled &&
                    n.push([
                      "$compileProvider",
                      function(t) {
                        t.debugInfoEnabled(!0);
                      }
                    ]),
                  n.unshift("ng");
                var o = Xe(n, r.strictDi);
                return (
                  o.invoke([
                    "$rootScope",
                    "$rootElement",
                    "$compile",
                    "$injector",
                    function(t, e, n, r) {
                      t.$apply(function() {
                        e.data("$injector", r), n(e)(t);
                      });
                    }
                  ]),
                  o
                );
              },
              o = /^NG_ENABLE_DEBUG_INFO!/,
              a = /^NG_DEFER_BOOTSTRAP!/;
            if (
              (e && o.test(e.name) && ((r.debugInfoEnabled = !0), (e.name = e.name.replace(o, ""))),
              e && !a.test(e.name))
            )
              return i();
            (e.name = e.name.replace(a, "")),
              (w.resumeBootstrap = function(t) {
                return (
                  C(t, function(t) {
                    n.push(t);
                  }),
                  i()
                );
              }),
              K(w.resumeDeferredBootstrap) && w.resumeDeferredBootstrap();
          }
          function jt() {
            (e.name = "NG_ENABLE_DEBUG_INFO!" + e.name), e.location.reload();
          }
          function Nt(t) {
            var e = w.element(t).injector();
            if (!e) throw b("test", "no injector found for element argument to getTestability");
            return e.get("$$testability");
          }
          var Mt = /[A-Z]/g;
          function Lt(t, e) {
            return (
              (e = e || "_"),
              t.replace(Mt, function(t, n) {
                return (n ? e : "") + t.toLowerCase();
              })
            );
          }
          var Dt = !1;
          function It(t, e, n) {
            if (!t) throw b("areq", "Argument '{0}' is {1}", e || "?", n || "required");
            return t;
          }
          function Rt(t, e, n) {
            return (
              n && W(t) && (t = t[t.length - 1]),
              It(
                K(t),
                e,
                "not a function, got " +
                  (t && "object" == typeof t ? t.constructor.name || "Object" : typeof t)
              ),
              t
            );
          }
          function Pt(t, e) {
            if ("hasOwnProperty" === t)
              throw b("badname", "hasOwnProperty is not a valid {0} name", e);
          }
          function Vt(t) {
            for (var e, n = t[0], r = t[t.length - 1], i = 1; n !== r && (n = n.nextSibling); i++)
              (e || t[i] !== n) && (e || (e = u(v.call(t, 0, i))), e.push(n));
            return e || t;
          }
          function qt() {
            return Object.create(null);
          }
          function Ut(t) {
            if (null == t) return "";
            switch (typeof t) {
              case "string":
                break;
              case "number":
                t = "" + t;
                break;
              default:
                t = !P(t) || W(t) || z(t) ? gt(t) : t.toString();
            }
            return t;
          }
          var Ft = 1,
            Ht = 3,
            Bt = 8,
            zt = 9,
            Wt = 11;
          function Gt(t, e) {
            if (W(t)) {
              e = e || [];
              for (var n = 0, r = t.length; n < r; n++) e[n] = t[n];
            } else if (U(t))
              for (var i in ((e = e || {}), t))
                ("$" === i.charAt(0) && "$" === i.charAt(1)) || (e[i] = t[i]);
            return e || t;
          }
          function Kt(t, e) {
            return "function" == typeof t
              ? t.toString().replace(/ \{[\s\S]*$/, "")
              : V(t)
                ? "undefined"
                : "string" != typeof t
                  ? (function(t, e) {
                      var n = [];
                      return (
                        i(e) && (t = w.copy(t, null, e)),
                        JSON.stringify(t, function(t, e) {
                          if (U((e = vt(t, e)))) {
                            if (n.indexOf(e) >= 0) return "...";
                            n.push(e);
                          }
                          return e;
                        })
                      );
                    })(t, e)
                  : t;
          }
          var Jt = { full: "1.7.3", major: 1, minor: 7, dot: 3, codeName: "eventful-proposal" };
          he.expando = "ng339";
          var Yt = (he.cache = {}),
            Zt = 1;
          he._data = function(t) {
            return this.cache[t[this.expando]] || {};
          };
          var Xt = /-([a-z])/g,
            Qt = /^-ms-/,
            te = { mouseleave: "mouseout", mouseenter: "mouseover" },
            ee = o("jqLite");
          function ne(t, e) {
            return e.toUpperCase();
          }
          function re(t) {
            return t.replace(Xt, ne);
          }
          var ie = /^<([\w-]+)\s*\/?>(?:<\/\1>|)$/,
            oe = /<|&#?\w+;/,
            ae = /<([\w:-]+)/,
            ue = /<(?!area|br|col|embed|hr|img|input|link|meta|param)(([\w:-]+)[^>]*)\/>/gi,
            se = {
              option: [1, '<select multiple="multiple">', "</select>"],
              thead: [1, "<table>", "</table>"],
              col: [2, "<table><colgroup>", "</colgroup></table>"],
              tr: [2, "<table><tbody>", "</tbody></table>"],
              td: [3, "<table><tbody><tr>", "</tr></tbody></table>"],
              _default: [0, "", ""]
            };
          function ce(t) {
            return !oe.test(t);
          }
          function le(t) {
            var e = t.nodeType;
            return e === Ft || !e || e === zt;
          }
          function fe(t, e) {
            var n,
              r,
              i,
              o,
              a = e.createDocumentFragment(),
              u = [];
            if (ce(t)) u.push(e.createTextNode(t));
            else {
              for (
                n = a.appendChild(e.createElement("div")),
                  r = (ae.exec(t) || ["", ""])[1].toLowerCase(),
                  i = se[r] || se._default,
                  n.innerHTML = i[1] + t.replace(ue, "<$1></$2>") + i[2],
                  o = i[0];
                o--;

              )
                n = n.lastChild;
              (u = pt(u, n.childNodes)), ((n = a.firstChild).textContent = "");
            }
            return (
              (a.textContent = ""),
              (a.innerHTML = ""),
              C(u, function(t) {
                a.appendChild(t);
              }),
              a
            );
          }
          (se.optgroup = se.option),
            (se.tbody = se.tfoot = se.colgroup = se.caption = se.thead),
            (se.th = se.td);
          var pe =
            e.Node.prototype.contains ||
            function(t) {
              return !!(16 & this.compareDocumentPosition(t));
            };
          function he(t) {
            if (t instanceof he) return t;
            var n;
            if ((H(t) && ((t = et(t)), (n = !0)), !(this instanceof he))) {
              if (n && "<" !== t.charAt(0))
                throw ee(
                  "nosel",
                  "Looking up elements via selectors is not supported by jqLite! See: http://docs.angularjs.org/api/angular.element"
                );
              return new he(t);
            }
            n
              ? Se(
                  this,
                  (function(t, n) {
                    var r;
                    return (
                      (n = n || e.document),
                      (r = ie.exec(t))
                        ? [n.createElement(r[1])]
                        : (r = fe(t, n))
                          ? r.childNodes
                          : []
                    );
                  })(t)
                )
              : K(t)
                ? Oe(t)
                : Se(this, t);
          }
          function de(t) {
            return t.cloneNode(!0);
          }
          function ve(t, e) {
            !e && le(t) && u.cleanData([t]),
              t.querySelectorAll && u.cleanData(t.querySelectorAll("*"));
          }
          function ge(t) {
            var e;
            for (e in t) return !1;
            return !0;
          }
          function me(t) {
            var e = t.ng339,
              n = e && Yt[e],
              r = n && n.events,
              i = n && n.data;
            (i && !ge(i)) || (r && !ge(r)) || (delete Yt[e], (t.ng339 = void 0));
          }
          function $e(t, e, n, r) {
            if (q(r)) throw ee("offargs", "jqLite#off() does not support the `selector` argument");
            var i = be(t),
              o = i && i.events,
              a = i && i.handle;
            if (a) {
              if (e) {
                var u = function(e) {
                  var r = o[e];
                  q(n) && at(r || [], n),
                    (q(n) && r && r.length > 0) || (t.removeEventListener(e, a), delete o[e]);
                };
                C(e.split(" "), function(t) {
                  u(t), te[t] && u(te[t]);
                });
              } else for (e in o) "$destroy" !== e && t.removeEventListener(e, a), delete o[e];
              me(t);
            }
          }
          function ye(t, e) {
            var n = t.ng339,
              r = n && Yt[n];
            r && (e ? delete r.data[e] : (r.data = {}), me(t));
          }
          function be(t, e) {
            var n = t.ng339,
              r = n && Yt[n];
            return (
              e &&
                !r &&
                ((t.ng339 = n = ++Zt), (r = Yt[n] = { events: {}, data: {}, handle: void 0 })),
              r
            );
          }
          function we(t, e, n) {
            if (le(t)) {
              var r,
                i = q(n),
                o = !i && e && !U(e),
                a = !e,
                u = be(t, !o),
                s = u && u.data;
              if (i) s[re(e)] = n;
              else {
                if (a) return s;
                if (o) return s && s[re(e)];
                for (r in e) s[re(r)] = e[r];
              }
            }
          }
          function xe(t, e) {
            return (
              !!t.getAttribute &&
              (" " + (t.getAttribute("class") || "") + " ")
                .replace(/[\n\t]/g, " ")
                .indexOf(" " + e + " ") > -1
            );
          }
          function _e(t, e) {
            if (e && t.setAttribute) {
              var n = (" " + (t.getAttribute("class") || "") + " ").replace(/[\n\t]/g, " "),
                r = n;
              C(e.split(" "), function(t) {
                (t = et(t)), (r = r.replace(" " + t + " ", " "));
              }),
                r !== n && t.setAttribute("class", et(r));
            }
          }
          function Ce(t, e) {
            if (e && t.setAttribute) {
              var n = (" " + (t.getAttribute("class") || "") + " ").replace(/[\n\t]/g, " "),
                r = n;
              C(e.split(" "), function(t) {
                (t = et(t)), -1 === r.indexOf(" " + t + " ") && (r += t + " ");
              }),
                r !== n && t.setAttribute("class", et(r));
            }
          }
          function Se(t, e) {
            if (e)
              if (e.nodeType) t[t.length++] = e;
              else {
                var n = e.length;
                if ("number" == typeof n && e.window !== e) {
                  if (n) for (var r = 0; r < n; r++) t[t.length++] = e[r];
                } else t[t.length++] = e;
              }
          }
          function Ee(t, e) {
            return ke(t, "$" + (e || "ngController") + "Controller");
          }
          function ke(t, e, n) {
            t.nodeType === zt && (t = t.documentElement);
            for (var r = W(e) ? e : [e]; t; ) {
              for (var i = 0, o = r.length; i < o; i++) if (q((n = u.data(t, r[i])))) return n;
              t = t.parentNode || (t.nodeType === Wt && t.host);
            }
          }
          function Ae(t) {
            for (ve(t, !0); t.firstChild; ) t.removeChild(t.firstChild);
          }
          function Te(t, e) {
            e || ve(t);
            var n = t.parentNode;
            n && n.removeChild(t);
          }
          function Oe(t) {
            function n() {
              e.document.removeEventListener("DOMContentLoaded", n),
                e.removeEventListener("load", n),
                t();
            }
            "complete" === e.document.readyState
              ? e.setTimeout(t)
              : (e.document.addEventListener("DOMContentLoaded", n), e.addEventListener("load", n));
          }
          var je = (he.prototype = {
              ready: Oe,
              toString: function() {
                var t = [];
                return (
                  C(this, function(e) {
                    t.push("" + e);
                  }),
                  "[" + t.join(", ") + "]"
                );
              },
              eq: function(t) {
                return u(t >= 0 ? this[t] : this[this.length + t]);
              },
              length: 0,
              push: m,
              sort: [].sort,
              splice: [].splice
            }),
            Ne = {};
          C("multiple,selected,checked,disabled,readOnly,required,open".split(","), function(t) {
            Ne[h(t)] = t;
          });
          var Me = {};
          C("input,select,option,textarea,button,form,details".split(","), function(t) {
            Me[t] = !0;
          });
          var Le = {
            ngMinlength: "minlength",
            ngMaxlength: "maxlength",
            ngMin: "min",
            ngMax: "max",
            ngPattern: "pattern",
            ngStep: "step"
          };
          function De(t, e) {
            var n = Ne[e.toLowerCase()];
            return n && Me[it(t)] && n;
          }
          function Ie(t, e, n) {
            n.call(t, e);
          }
          function Re(t, e, n) {
            var r = e.relatedTarget;
            (r && (r === t || pe.call(t, r))) || n.call(t, e);
          }
          function Pe() {
            this.$get = function() {
              return O(he, {
                hasClass: function(t, e) {
                  return t.attr && (t = t[0]), xe(t, e);
                },
                addClass: function(t, e) {
                  return t.attr && (t = t[0]), Ce(t, e);
                },
                removeClass: function(t, e) {
                  return t.attr && (t = t[0]), _e(t, e);
                }
              });
            };
          }
          function Ve(t, e) {
            var n = t && t.$$hashKey;
            if (n) return "function" == typeof n && (n = t.$$hashKey()), n;
            var r = typeof t;
            return (n =
              "function" === r || ("object" === r && null !== t)
                ? (t.$$hashKey = r + ":" + (e || k)())
                : r + ":" + t);
          }
          C(
            {
              data: we,
              removeData: ye,
              hasData: function(t) {
                for (var e in Yt[t.ng339]) return !0;
                return !1;
              },
              cleanData: function(t) {
                for (var e = 0, n = t.length; e < n; e++) ye(t[e]), $e(t[e]);
              }
            },
            function(t, e) {
              he[e] = t;
            }
          ),
            C(
              {
                data: we,
                inheritedData: ke,
                scope: function(t) {
                  return u.data(t, "$scope") || ke(t.parentNode || t, ["$isolateScope", "$scope"]);
                },
                isolateScope: function(t) {
                  return u.data(t, "$isolateScope") || u.data(t, "$isolateScopeNoTemplate");
                },
                controller: Ee,
                injector: function(t) {
                  return ke(t, "$injector");
                },
                removeAttr: function(t, e) {
                  t.removeAttribute(e);
                },
                hasClass: xe,
                css: function(t, e, n) {
                  if (
                    ((e = (function(t) {
                      return re(t.replace(Qt, "ms-"));
                    })(e)),
                    !q(n))
                  )
                    return t.style[e];
                  t.style[e] = n;
                },
                attr: function(t, e, n) {
                  var r,
                    i = t.nodeType;
                  if (i !== Ht && 2 !== i && i !== Bt && t.getAttribute) {
                    var o = h(e),
                      a = Ne[o];
                    if (!q(n))
                      return (
                        (r = t.getAttribute(e)), a && null !== r && (r = o), null === r ? void 0 : r
                      );
                    null === n || (!1 === n && a)
                      ? t.removeAttribute(e)
                      : t.setAttribute(e, a ? o : n);
                  }
                },
                prop: function(t, e, n) {
                  if (!q(n)) return t[e];
                  t[e] = n;
                },
                text: (function() {
                  return (t.$dv = ""), t;
                  function t(t, e) {
                    if (V(e)) {
                      var n = t.nodeType;
                      return n === Ft || n === Ht ? t.textContent : "";
                    }
                    t.textContent = e;
                  }
                })(),
                val: function(t, e) {
                  if (V(e)) {
                    if (t.multiple && "select" === it(t)) {
                      var n = [];
                      return (
                        C(t.options, function(t) {
                          t.selected && n.push(t.value || t.text);
                        }),
                        n
                      );
                    }
                    return t.value;
                  }
                  t.value = e;
                },
                html: function(t, e) {
                  if (V(e)) return t.innerHTML;
                  ve(t, !0), (t.innerHTML = e);
                },
                empty: Ae
              },
              function(t, e) {
                he.prototype[e] = function(e, n) {
                  var r,
                    i,
                    o = this.length;
                  if (t !== Ae && V(2 === t.length && t !== xe && t !== Ee ? e : n)) {
                    if (U(e)) {
                      for (r = 0; r < o; r++)
                        if (t === we) t(this[r], e);
                        else for (i in e) t(this[r], i, e[i]);
                      return this;
                    }
                    for (var a = t.$dv, u = V(a) ? Math.min(o, 1) : o, s = 0; s < u; s++) {
                      var c = t(this[s], e, n);
                      a = a ? a + c : c;
                    }
                    return a;
                  }
                  for (r = 0; r < o; r++) t(this[r], e, n);
                  return this;
                };
              }
            ),
            C(
              {
                removeData: ye,
                on: function(t, e, n, r) {
                  if (q(r))
                    throw ee(
                      "onargs",
                      "jqLite#on() does not support the `selector` or `eventData` parameters"
                    );
                  if (le(t)) {
                    var i = be(t, !0),
                      o = i.events,
                      a = i.handle;
                    a ||
                      (a = i.handle = (function(t, e) {
                        var n = function(n, r) {
                          n.isDefaultPrevented = function() {
                            return n.defaultPrevented;
                          };
                          var i = e[r || n.type],
                            o = i ? i.length : 0;
                          if (o) {
                            if (V(n.immediatePropagationStopped)) {
                              var a = n.stopImmediatePropagation;
                              n.stopImmediatePropagation = function() {
                                (n.immediatePropagationStopped = !0),
                                  n.stopPropagation && n.stopPropagation(),
                                  a && a.call(n);
                              };
                            }
                            n.isImmediatePropagationStopped = function() {
                              return !0 === n.immediatePropagationStopped;
                            };
                            var u = i.specialHandlerWrapper || Ie;
                            o > 1 && (i = Gt(i));
                            for (var s = 0; s < o; s++)
                              n.isImmediatePropagationStopped() || u(t, n, i[s]);
                          }
                        };
                        return (n.elem = t), n;
                      })(t, o));
                    for (
                      var u = e.indexOf(" ") >= 0 ? e.split(" ") : [e],
                        s = u.length,
                        c = function(e, r, i) {
                          var u = o[e];
                          u ||
                            (((u = o[e] = []).specialHandlerWrapper = r),
                            "$destroy" === e || i || t.addEventListener(e, a)),
                            u.push(n);
                        };
                      s--;

                    )
                      (e = u[s]), te[e] ? (c(te[e], Re), c(e, void 0, !0)) : c(e);
                  }
                },
                off: $e,
                one: function(t, e, n) {
                  (t = u(t)).on(e, function r() {
                    t.off(e, n), t.off(e, r);
                  }),
                    t.on(e, n);
                },
                replaceWith: function(t, e) {
                  var n,
                    r = t.parentNode;
                  ve(t),
                    C(new he(e), function(e) {
                      n ? r.insertBefore(e, n.nextSibling) : r.replaceChild(e, t), (n = e);
                    });
                },
                children: function(t) {
                  var e = [];
                  return (
                    C(t.childNodes, function(t) {
                      t.nodeType === Ft && e.push(t);
                    }),
                    e
                  );
                },
                contents: function(t) {
                  return t.contentDocument || t.childNodes || [];
                },
                append: function(t, e) {
                  var n = t.nodeType;
                  if (n === Ft || n === Wt)
                    for (var r = 0, i = (e = new he(e)).length; r < i; r++) {
                      var o = e[r];
                      t.appendChild(o);
                    }
                },
                prepend: function(t, e) {
                  if (t.nodeType === Ft) {
                    var n = t.firstChild;
                    C(new he(e), function(e) {
                      t.insertBefore(e, n);
                    });
                  }
                },
                wrap: function(t, e) {
                  !(function(t, e) {
                    var n = t.parentNode;
                    n && n.replaceChild(e, t), e.appendChild(t);
                  })(
                    t,
                    u(e)
                      .eq(0)
                      .clone()[0]
                  );
                },
                remove: Te,
                detach: function(t) {
                  Te(t, !0);
                },
                after: function(t, e) {
                  var n = t,
                    r = t.parentNode;
                  if (r)
                    for (var i = 0, o = (e = new he(e)).length; i < o; i++) {
                      var a = e[i];
                      r.insertBefore(a, n.nextSibling), (n = a);
                    }
                },
                addClass: Ce,
                removeClass: _e,
                toggleClass: function(t, e, n) {
                  e &&
                    C(e.split(" "), function(e) {
                      var r = n;
                      V(r) && (r = !xe(t, e)), (r ? Ce : _e)(t, e);
                    });
                },
                parent: function(t) {
                  var e = t.parentNode;
                  return e && e.nodeType !== Wt ? e : null;
                },
                next: function(t) {
                  return t.nextElementSibling;
                },
                find: function(t, e) {
                  return t.getElementsByTagName ? t.getElementsByTagName(e) : [];
                },
                clone: de,
                triggerHandler: function(t, e, n) {
                  var r,
                    i,
                    o,
                    a = e.type || e,
                    u = be(t),
                    s = u && u.events,
                    c = s && s[a];
                  c &&
                    ((r = {
                      preventDefault: function() {
                        this.defaultPrevented = !0;
                      },
                      isDefaultPrevented: function() {
                        return !0 === this.defaultPrevented;
                      },
                      stopImmediatePropagation: function() {
                        this.immediatePropagationStopped = !0;
                      },
                      isImmediatePropagationStopped: function() {
                        return !0 === this.immediatePropagationStopped;
                      },
                      stopPropagation: D,
                      type: a,
                      target: t
                    }),
                    e.type && (r = O(r, e)),
                    (i = Gt(c)),
                    (o = n ? [r].concat(n) : [r]),
                    C(i, function(e) {
                      r.isImmediatePropagationStopped() || e.apply(t, o);
                    }));
                }
              },
              function(t, e) {
                he.prototype[e] = function(e, n, r) {
                  for (var i, o = 0, a = this.length; o < a; o++)
                    V(i) ? q((i = t(this[o], e, n, r))) && (i = u(i)) : Se(i, t(this[o], e, n, r));
                  return q(i) ? i : this;
                };
              }
            ),
            (he.prototype.bind = he.prototype.on),
            (he.prototype.unbind = he.prototype.off);
          var qe = Object.create(null);
          function Ue() {
            (this._keys = []), (this._values = []), (this._lastKey = NaN), (this._lastIndex = -1);
          }
          Ue.prototype = {
            _idx: function(t) {
              return (
                t !== this._lastKey &&
                  ((this._lastKey = t), (this._lastIndex = this._keys.indexOf(t))),
                this._lastIndex
              );
            },
            _transformKey: function(t) {
              return M(t) ? qe : t;
            },
            get: function(t) {
              t = this._transformKey(t);
              var e = this._idx(t);
              if (-1 !== e) return this._values[e];
            },
            has: function(t) {
              return (t = this._transformKey(t)), -1 !== this._idx(t);
            },
            set: function(t, e) {
              t = this._transformKey(t);
              var n = this._idx(t);
              -1 === n && (n = this._lastIndex = this._keys.length),
                (this._keys[n] = t),
                (this._values[n] = e);
            },
            delete: function(t) {
              t = this._transformKey(t);
              var e = this._idx(t);
              return (
                -1 !== e &&
                (this._keys.splice(e, 1),
                this._values.splice(e, 1),
                (this._lastKey = NaN),
                (this._lastIndex = -1),
                !0)
              );
            }
          };
          var Fe = Ue,
            He = [
              function() {
                this.$get = [
                  function() {
                    return Fe;
                  }
                ];
              }
            ],
            Be = /^([^(]+?)=>/,
            ze = /^[^(]*\(\s*([^)]*)\)/m,
            We = /,/,
            Ge = /^\s*(_?)(\S+?)\1\s*$/,
            Ke = /((\/\/.*$)|(\/\*[\s\S]*?\*\/))/gm,
            Je = o("$injector");
          function Ye(t) {
            return Function.prototype.toString.call(t);
          }
          function Ze(t) {
            var e = Ye(t).replace(Ke, "");
            return e.match(Be) || e.match(ze);
          }
          function Xe(t, e) {
            e = !0 === e;
            var n = {},
              r = "Provider",
              i = [],
              o = new Fe(),
              u = {
                $provide: {
                  provider: d(v),
                  factory: d(g),
                  service: d(function(t, e) {
                    return g(t, [
                      "$injector",
                      function(t) {
                        return t.instantiate(e);
                      }
                    ]);
                  }),
                  value: d(function(t, e) {
                    return g(t, R(e), !1);
                  }),
                  constant: d(function(t, e) {
                    Pt(t, "constant"), (u[t] = e), (l[t] = e);
                  }),
                  decorator: function(t, e) {
                    var n = s.get(t + r),
                      i = n.$get;
                    n.$get = function() {
                      var t = p.invoke(i, n);
                      return p.invoke(e, null, { $delegate: t });
                    };
                  }
                }
              },
              s = (u.$injector = $(u, function(t, e) {
                throw (w.isString(e) && i.push(e),
                Je("unpr", "Unknown provider: {0}", i.join(" <- ")));
              })),
              l = {},
              f = $(l, function(t, e) {
                var n = s.get(t + r, e);
                return p.invoke(n.$get, n, void 0, t);
              }),
              p = f;
            (u["$injector" + r] = { $get: R(f) }), (p.modules = s.modules = qt());
            var h = m(t);
            return (
              ((p = f.get("$injector")).strictDi = e),
              C(h, function(t) {
                t && p.invoke(t);
              }),
              (p.loadNewModules = function(t) {
                C(m(t), function(t) {
                  t && p.invoke(t);
                });
              }),
              p
            );
            function d(t) {
              return function(e, n) {
                if (!U(e)) return t(e, n);
                C(e, E(t));
              };
            }
            function v(t, e) {
              if ((Pt(t, "service"), (K(e) || W(e)) && (e = s.instantiate(e)), !e.$get))
                throw Je("pget", "Provider '{0}' must define $get factory method.", t);
              return (u[t + r] = e);
            }
            function g(t, e, n) {
              return v(t, {
                $get:
                  !1 !== n
                    ? (function(t, e) {
                        return function() {
                          var n = p.invoke(e, this);
                          if (V(n))
                            throw Je(
                              "undef",
                              "Provider '{0}' must return a value from $get factory method.",
                              t
                            );
                          return n;
                        };
                      })(t, e)
                    : e
              });
            }
            function m(t) {
              It(V(t) || W(t), "modulesToLoad", "not an array");
              var e,
                n = [];
              return (
                C(t, function(t) {
                  if (!o.get(t)) {
                    o.set(t, !0);
                    try {
                      H(t)
                        ? ((e = c(t)),
                          (p.modules[t] = e),
                          (n = n.concat(m(e.requires)).concat(e._runBlocks)),
                          r(e._invokeQueue),
                          r(e._configBlocks))
                        : K(t)
                          ? n.push(s.invoke(t))
                          : W(t)
                            ? n.push(s.invoke(t))
                            : Rt(t, "module");
                    } catch (e) {
                      throw (W(t) && (t = t[t.length - 1]),
                      e.message &&
                        e.stack &&
                        -1 === e.stack.indexOf(e.message) &&
                        (e = e.message + "\n" + e.stack),
                      Je(
                        "modulerr",
                        "Failed to instantiate module {0} due to:\n{1}",
                        t,
                        e.stack || e.message || e
                      ));
                    }
                  }
                  function r(t) {
                    var e, n;
                    for (e = 0, n = t.length; e < n; e++) {
                      var r = t[e],
                        i = s.get(r[0]);
                      i[r[1]].apply(i, r[2]);
                    }
                  }
                }),
                n
              );
            }
            function $(t, o) {
              function s(e, r) {
                if (t.hasOwnProperty(e)) {
                  if (t[e] === n)
                    throw Je("cdep", "Circular dependency found: {0}", e + " <- " + i.join(" <- "));
                  return t[e];
                }
                try {
                  return i.unshift(e), (t[e] = n), (t[e] = o(e, r)), t[e];
                } catch (r) {
                  throw (t[e] === n && delete t[e], r);
                } finally {
                  i.shift();
                }
              }
              function c(t, n, r) {
                for (var i = [], o = Xe.$$annotate(t, e, r), a = 0, u = o.length; a < u; a++) {
                  var c = o[a];
                  if ("string" != typeof c)
                    throw Je(
                      "itkn",
                      "Incorrect injection token! Expected service name as string, got {0}",
                      c
                    );
                  i.push(n && n.hasOwnProperty(c) ? n[c] : s(c, r));
                }
                return i;
              }
              return {
                invoke: function(t, e, n, r) {
                  "string" == typeof n && ((r = n), (n = null));
                  var i = c(t, n, r);
                  return (
                    W(t) && (t = t[t.length - 1]),
                    (function(t) {
                      if (a || "function" != typeof t) return !1;
                      var e = t.$$ngIsClass;
                      return X(e) || (e = t.$$ngIsClass = /^class\b/.test(Ye(t))), e;
                    })(t)
                      ? (i.unshift(null), new (Function.prototype.bind.apply(t, i))())
                      : t.apply(e, i)
                  );
                },
                instantiate: function(t, e, n) {
                  var r = W(t) ? t[t.length - 1] : t,
                    i = c(t, e, n);
                  return i.unshift(null), new (Function.prototype.bind.apply(r, i))();
                },
                get: s,
                annotate: Xe.$$annotate,
                has: function(e) {
                  return u.hasOwnProperty(e + r) || t.hasOwnProperty(e);
                }
              };
            }
          }
          function Qe() {
            var t = !0;
            (this.disableAutoScrolling = function() {
              t = !1;
            }),
              (this.$get = [
                "$window",
                "$location",
                "$rootScope",
                function(n, r, i) {
                  var o = n.document;
                  function a(t) {
                    if (t) {
                      t.scrollIntoView();
                      var e = (function() {
                        var t = s.yOffset;
                        if (K(t)) t = t();
                        else if (rt(t)) {
                          var e = t[0];
                          t =
                            "fixed" !== n.getComputedStyle(e).position
                              ? 0
                              : e.getBoundingClientRect().bottom;
                        } else B(t) || (t = 0);
                        return t;
                      })();
                      if (e) {
                        var r = t.getBoundingClientRect().top;
                        n.scrollBy(0, r - e);
                      }
                    } else n.scrollTo(0, 0);
                  }
                  function s(t) {
                    var e;
                    (t = H(t) ? t : B(t) ? t.toString() : r.hash())
                      ? (e = o.getElementById(t))
                        ? a(e)
                        : (e = (function(t) {
                            var e = null;
                            return (
                              Array.prototype.some.call(t, function(t) {
                                if ("a" === it(t)) return (e = t), !0;
                              }),
                              e
                            );
                          })(o.getElementsByName(t)))
                          ? a(e)
                          : "top" === t && a(null)
                      : a(null);
                  }
                  return (
                    t &&
                      i.$watch(
                        function() {
                          return r.hash();
                        },
                        function(t, n) {
                          (t === n && "" === t) ||
                            (function(t, n) {
                              "complete" === (n = n || e).document.readyState
                                ? n.setTimeout(t)
                                : u(n).on("load", t);
                            })(function() {
                              i.$evalAsync(s);
                            });
                        }
                      ),
                    s
                  );
                }
              ]);
          }
          Xe.$$annotate = function(t, e, n) {
            var r, i;
            if ("function" == typeof t) {
              if (!(r = t.$inject)) {
                if (((r = []), t.length)) {
                  if (e)
                    throw ((H(n) && n) ||
                      (n =
                        t.name ||
                        (function(t) {
                          var e = Ze(t);
                          return e
                            ? "function(" + (e[1] || "").replace(/[\s\r\n]+/, " ") + ")"
                            : "fn";
                        })(t)),
                    Je(
                      "strictdi",
                      "{0} is not using explicit annotation and cannot be invoked in strict mode",
                      n
                    ));
                  C(Ze(t)[1].split(We), function(t) {
                    t.replace(Ge, function(t, e, n) {
                      r.push(n);
                    });
                  });
                }
                t.$inject = r;
              }
            } else W(t) ? (Rt(t[(i = t.length - 1)], "fn"), (r = t.slice(0, i))) : Rt(t, "fn", !0);
            return r;
          };
          var tn = o("$animate"),
            en = 1;
          function nn(t, e) {
            return t || e
              ? t
                ? e
                  ? (W(t) && (t = t.join(" ")), W(e) && (e = e.join(" ")), t + " " + e)
                  : t
                : e
              : "";
          }
          function rn(t) {
            return U(t) ? t : {};
          }
          var on = function() {
              this.$get = D;
            },
            an = function() {
              var t = new Fe(),
                e = [];
              this.$get = [
                "$$AnimateRunner",
                "$rootScope",
                function(n, r) {
                  return {
                    enabled: D,
                    on: D,
                    off: D,
                    pin: D,
                    push: function(a, u, s, c) {
                      c && c(),
                        (s = s || {}).from && a.css(s.from),
                        s.to && a.css(s.to),
                        (s.addClass || s.removeClass) &&
                          (function(n, a, u) {
                            var s = t.get(n) || {},
                              c = i(s, a, !0),
                              l = i(s, u, !1);
                            (c || l) &&
                              (t.set(n, s), e.push(n), 1 === e.length && r.$$postDigest(o));
                          })(a, s.addClass, s.removeClass);
                      var l = new n();
                      return l.complete(), l;
                    }
                  };
                  function i(t, e, n) {
                    var r = !1;
                    return (
                      e &&
                        C((e = H(e) ? e.split(" ") : W(e) ? e : []), function(e) {
                          e && ((r = !0), (t[e] = n));
                        }),
                      r
                    );
                  }
                  function o() {
                    C(e, function(e) {
                      var n = t.get(e);
                      if (n) {
                        var r = (function(t) {
                            H(t) && (t = t.split(" "));
                            var e = qt();
                            return (
                              C(t, function(t) {
                                t.length && (e[t] = !0);
                              }),
                              e
                            );
                          })(e.attr("class")),
                          i = "",
                          o = "";
                        C(n, function(t, e) {
                          t !== !!r[e] &&
                            (t
                              ? (i += (i.length ? " " : "") + e)
                              : (o += (o.length ? " " : "") + e));
                        }),
                          C(e, function(t) {
                            i && Ce(t, i), o && _e(t, o);
                          }),
                          t.delete(e);
                      }
                    }),
                      (e.length = 0);
                  }
                }
              ];
            },
            un = [
              "$provide",
              function(t) {
                var e = this,
                  n = null,
                  r = null;
                (this.$$registeredAnimations = Object.create(null)),
                  (this.register = function(n, r) {
                    if (n && "." !== n.charAt(0))
                      throw tn(
                        "notcsel",
                        "Expecting class selector starting with '.' got '{0}'.",
                        n
                      );
                    var i = n + "-animation";
                    (e.$$registeredAnimations[n.substr(1)] = i), t.factory(i, r);
                  }),
                  (this.customFilter = function(t) {
                    return 1 === arguments.length && (r = K(t) ? t : null), r;
                  }),
                  (this.classNameFilter = function(t) {
                    if (
                      1 === arguments.length &&
                      ((n = t instanceof RegExp ? t : null) &&
                        new RegExp("[(\\s|\\/)]ng-animate[(\\s|\\/)]").test(n.toString()))
                    )
                      throw ((n = null),
                      tn(
                        "nongcls",
                        '$animateProvider.classNameFilter(regex) prohibits accepting a regex value which matches/contains the "{0}" CSS class.',
                        "ng-animate"
                      ));
                    return n;
                  }),
                  (this.$get = [
                    "$$animateQueue",
                    function(t) {
                      function e(t, e, n) {
                        if (n) {
                          var r = (function(t) {
                            for (var e = 0; e < t.length; e++) {
                              var n = t[e];
                              if (n.nodeType === en) return n;
                            }
                          })(n);
                          !r || r.parentNode || r.previousElementSibling || (n = null);
                        }
                        n ? n.after(t) : e.prepend(t);
                      }
                      return {
                        on: t.on,
                        off: t.off,
                        pin: t.pin,
                        enabled: t.enabled,
                        cancel: function(t) {
                          t.cancel && t.cancel();
                        },
                        enter: function(n, r, i, o) {
                          return (
                            (r = r && u(r)),
                            (i = i && u(i)),
                            e(n, (r = r || i.parent()), i),
                            t.push(n, "enter", rn(o))
                          );
                        },
                        move: function(n, r, i, o) {
                          return (
                            (r = r && u(r)),
                            (i = i && u(i)),
                            e(n, (r = r || i.parent()), i),
                            t.push(n, "move", rn(o))
                          );
                        },
                        leave: function(e, n) {
                          return t.push(e, "leave", rn(n), function() {
                            e.remove();
                          });
                        },
                        addClass: function(e, n, r) {
                          return (
                            ((r = rn(r)).addClass = nn(r.addclass, n)), t.push(e, "addClass", r)
                          );
                        },
                        removeClass: function(e, n, r) {
                          return (
                            ((r = rn(r)).removeClass = nn(r.removeClass, n)),
                            t.push(e, "removeClass", r)
                          );
                        },
                        setClass: function(e, n, r, i) {
                          return (
                            ((i = rn(i)).addClass = nn(i.addClass, n)),
                            (i.removeClass = nn(i.removeClass, r)),
                            t.push(e, "setClass", i)
                          );
                        },
                        animate: function(e, n, r, i, o) {
                          return (
                            ((o = rn(o)).from = o.from ? O(o.from, n) : n),
                            (o.to = o.to ? O(o.to, r) : r),
                            (i = i || "ng-inline-animate"),
                            (o.tempClasses = nn(o.tempClasses, i)),
                            t.push(e, "animate", o)
                          );
                        }
                      };
                    }
                  ]);
              }
            ],
            sn = function() {
              this.$get = [
                "$$rAF",
                function(t) {
                  var e = [];
                  function n(n) {
                    e.push(n),
                      e.length > 1 ||
                        t(function() {
                          for (var t = 0; t < e.length; t++) e[t]();
                          e = [];
                        });
                  }
                  return function() {
                    var t = !1;
                    return (
                      n(function() {
                        t = !0;
                      }),
                      function(e) {
                        t ? e() : n(e);
                      }
                    );
                  };
                }
              ];
            },
            cn = function() {
              this.$get = [
                "$q",
                "$sniffer",
                "$$animateAsyncRun",
                "$$isDocumentHidden",
                "$timeout",
                function(t, e, n, r, i) {
                  function o(t) {
                    this.setHost(t);
                    var e = n();
                    (this._doneCallbacks = []),
                      (this._tick = function(t) {
                        r()
                          ? (function(t) {
                              i(t, 0, !1);
                            })(t)
                          : e(t);
                      }),
                      (this._state = 0);
                  }
                  return (
                    (o.chain = function(t, e) {
                      var n = 0;
                      !(function r() {
                        if (n === t.length) return void e(!0);
                        t[n](function(t) {
                          !1 !== t ? (n++, r()) : e(!1);
                        });
                      })();
                    }),
                    (o.all = function(t, e) {
                      var n = 0,
                        r = !0;
                      function i(i) {
                        (r = r && i), ++n === t.length && e(r);
                      }
                      C(t, function(t) {
                        t.done(i);
                      });
                    }),
                    (o.prototype = {
                      setHost: function(t) {
                        this.host = t || {};
                      },
                      done: function(t) {
                        2 === this._state ? t() : this._doneCallbacks.push(t);
                      },
                      progress: D,
                      getPromise: function() {
                        if (!this.promise) {
                          var e = this;
                          this.promise = t(function(t, n) {
                            e.done(function(e) {
                              !1 === e ? n() : t();
                            });
                          });
                        }
                        return this.promise;
                      },
                      then: function(t, e) {
                        return this.getPromise().then(t, e);
                      },
                      catch: function(t) {
                        return this.getPromise().catch(t);
                      },
                      finally: function(t) {
                        return this.getPromise().finally(t);
                      },
                      pause: function() {
                        this.host.pause && this.host.pause();
                      },
                      resume: function() {
                        this.host.resume && this.host.resume();
                      },
                      end: function() {
                        this.host.end && this.host.end(), this._resolve(!0);
                      },
                      cancel: function() {
                        this.host.cancel && this.host.cancel(), this._resolve(!1);
                      },
                      complete: function(t) {
                        var e = this;
                        0 === e._state &&
                          ((e._state = 1),
                          e._tick(function() {
                            e._resolve(t);
                          }));
                      },
                      _resolve: function(t) {
                        2 !== this._state &&
                          (C(this._doneCallbacks, function(e) {
                            e(t);
                          }),
                          (this._doneCallbacks.length = 0),
                          (this._state = 2));
                      }
                    }),
                    o
                  );
                }
              ];
            },
            ln = function() {
              this.$get = [
                "$$rAF",
                "$q",
                "$$AnimateRunner",
                function(t, e, n) {
                  return function(e, r) {
                    var i = r || {};
                    i.$$prepared || (i = ut(i)),
                      i.cleanupStyles && (i.from = i.to = null),
                      i.from && (e.css(i.from), (i.from = null));
                    var o,
                      a = new n();
                    return { start: u, end: u };
                    function u() {
                      return (
                        t(function() {
                          !(function() {
                            i.addClass && (e.addClass(i.addClass), (i.addClass = null));
                            i.removeClass && (e.removeClass(i.removeClass), (i.removeClass = null));
                            i.to && (e.css(i.to), (i.to = null));
                          })(),
                            o || a.complete(),
                            (o = !0);
                        }),
                        a
                      );
                    }
                  };
                }
              ];
            };
          function fn() {
            this.$get = [
              "$window",
              "$log",
              "$sniffer",
              "$document",
              "$$taskTrackerFactory",
              function(t, e, n, r, i) {
                return new function(t, e, n, r, i) {
                  var o = this,
                    a = t.location,
                    s = t.history,
                    c = t.setTimeout,
                    l = t.clearTimeout,
                    f = {},
                    p = i(n);
                  (o.isMock = !1),
                    (o.$$completeOutstandingRequest = p.completeTask),
                    (o.$$incOutstandingRequestCount = p.incTaskCount),
                    (o.notifyWhenNoOutstandingRequests = p.notifyWhenNoPendingTasks);
                  var h,
                    d,
                    v = a.href,
                    g = e.find("base"),
                    m = null,
                    $ = r.history
                      ? function() {
                          try {
                            return s.state;
                          } catch (t) {}
                        }
                      : D;
                  _(),
                    (o.url = function(e, n, i) {
                      if (
                        (V(i) && (i = null),
                        a !== t.location && (a = t.location),
                        s !== t.history && (s = t.history),
                        e)
                      ) {
                        var u = d === i;
                        if (v === e && (!r.history || u)) return o;
                        var c = v && sr(v) === sr(e);
                        return (
                          (v = e),
                          (d = i),
                          !r.history || (c && u)
                            ? (c || (m = e),
                              n
                                ? a.replace(e)
                                : c
                                  ? (a.hash = (function(t) {
                                      var e = t.indexOf("#");
                                      return -1 === e ? "" : t.substr(e);
                                    })(e))
                                  : (a.href = e),
                              a.href !== e && (m = e))
                            : (s[n ? "replaceState" : "pushState"](i, "", e), _()),
                          m && (m = e),
                          o
                        );
                      }
                      return (function(t) {
                        return t.replace(/#$/, "");
                      })(m || a.href);
                    }),
                    (o.state = function() {
                      return h;
                    });
                  var y = [],
                    b = !1;
                  function w() {
                    (m = null), S();
                  }
                  var x = null;
                  function _() {
                    ct((h = V((h = $())) ? null : h), x) && (h = x), (x = h), (d = h);
                  }
                  function S() {
                    var t = d;
                    _(),
                      (v === o.url() && t === h) ||
                        ((v = o.url()),
                        (d = h),
                        C(y, function(t) {
                          t(o.url(), h);
                        }));
                  }
                  (o.onUrlChange = function(e) {
                    return (
                      b ||
                        (r.history && u(t).on("popstate", w), u(t).on("hashchange", w), (b = !0)),
                      y.push(e),
                      e
                    );
                  }),
                    (o.$$applicationDestroyed = function() {
                      u(t).off("hashchange popstate", w);
                    }),
                    (o.$$checkUrlChange = S),
                    (o.baseHref = function() {
                      var t = g.attr("href");
                      return t ? t.replace(/^(https?:)?\/\/[^/]*/, "") : "";
                    }),
                    (o.defer = function(t, e, n) {
                      var r;
                      return (
                        (e = e || 0),
                        (n = n || p.DEFAULT_TASK_TYPE),
                        p.incTaskCount(n),
                        (r = c(function() {
                          delete f[r], p.completeTask(t, n);
                        }, e)),
                        (f[r] = n),
                        r
                      );
                    }),
                    (o.defer.cancel = function(t) {
                      if (f.hasOwnProperty(t)) {
                        var e = f[t];
                        return delete f[t], l(t), p.completeTask(D, e), !0;
                      }
                      return !1;
                    });
                }(t, r, e, n, i);
              }
            ];
          }
          function pn() {
            this.$get = function() {
              var t = {};
              function e(e, n) {
                if (e in t) throw o("$cacheFactory")("iid", "CacheId '{0}' is already taken!", e);
                var r = 0,
                  i = O({}, n, { id: e }),
                  a = qt(),
                  u = (n && n.capacity) || Number.MAX_VALUE,
                  s = qt(),
                  c = null,
                  l = null;
                return (t[e] = {
                  put: function(t, e) {
                    if (!V(e)) {
                      if (u < Number.MAX_VALUE) f(s[t] || (s[t] = { key: t }));
                      return t in a || r++, (a[t] = e), r > u && this.remove(l.key), e;
                    }
                  },
                  get: function(t) {
                    if (u < Number.MAX_VALUE) {
                      var e = s[t];
                      if (!e) return;
                      f(e);
                    }
                    return a[t];
                  },
                  remove: function(t) {
                    if (u < Number.MAX_VALUE) {
                      var e = s[t];
                      if (!e) return;
                      e === c && (c = e.p), e === l && (l = e.n), p(e.n, e.p), delete s[t];
                    }
                    t in a && (delete a[t], r--);
                  },
                  removeAll: function() {
                    (a = qt()), (r = 0), (s = qt()), (c = l = null);
                  },
                  destroy: function() {
                    (a = null), (i = null), (s = null), delete t[e];
                  },
                  info: function() {
                    return O({}, i, { size: r });
                  }
                });
                function f(t) {
                  t !== c &&
                    (l ? l === t && (l = t.n) : (l = t), p(t.n, t.p), p(t, c), ((c = t).n = null));
                }
                function p(t, e) {
                  t !== e && (t && (t.p = e), e && (e.n = t));
                }
              }
              return (
                (e.info = function() {
                  var e = {};
                  return (
                    C(t, function(t, n) {
                      e[n] = t.info();
                    }),
                    e
                  );
                }),
                (e.get = function(e) {
                  return t[e];
                }),
                e
              );
            };
          }
          function hn() {
            this.$get = [
              "$cacheFactory",
              function(t) {
                return t("templates");
              }
            ];
          }
          var dn = o("$compile");
          var vn = new function() {}();
          function gn(t, n) {
            var r = {},
              i = "Directive",
              o = /^\s*directive:\s*([\w-]+)\s+(.*)$/,
              s = /(([\w-]+)(?::([^;]+))?;?)/,
              c = (function(t) {
                var e,
                  n = {},
                  r = t.split(",");
                for (e = 0; e < r.length; e++) n[r[e]] = !0;
                return n;
              })("ngSrc,ngSrcset,src,srcset"),
              l = /^(?:(\^\^?)?(\?)?(\^\^?)?)?/,
              f = /^(on[a-z]+|formaction)$/,
              d = qt();
            function v(t, e, n) {
              var r = /^([@&]|[=<](\*?))(\??)\s*([\w$]*)$/,
                i = qt();
              return (
                C(t, function(t, o) {
                  if ((t = t.trim()) in d) i[o] = d[t];
                  else {
                    var a = t.match(r);
                    if (!a)
                      throw dn(
                        "iscp",
                        "Invalid {3} for directive '{0}'. Definition: {... {1}: '{2}' ...}",
                        e,
                        o,
                        t,
                        n ? "controller bindings definition" : "isolate scope definition"
                      );
                    (i[o] = {
                      mode: a[1][0],
                      collection: "*" === a[2],
                      optional: "?" === a[3],
                      attrName: a[4] || o
                    }),
                      a[4] && (d[t] = i[o]);
                  }
                }),
                i
              );
            }
            function g(t, e) {
              var n = { isolateScope: null, bindToController: null };
              if (
                (U(t.scope) &&
                  (!0 === t.bindToController
                    ? ((n.bindToController = v(t.scope, e, !0)), (n.isolateScope = {}))
                    : (n.isolateScope = v(t.scope, e, !1))),
                U(t.bindToController) && (n.bindToController = v(t.bindToController, e, !0)),
                n.bindToController && !t.controller)
              )
                throw dn(
                  "noctrl",
                  "Cannot bind to controller without directive '{0}'s controller.",
                  e
                );
              return n;
            }
            (this.directive = function e(n, o) {
              return (
                It(n, "name"),
                Pt(n, "directive"),
                H(n)
                  ? (!(function(t) {
                      var e = t.charAt(0);
                      if (!e || e !== h(e))
                        throw dn(
                          "baddir",
                          "Directive/Component name '{0}' is invalid. The first character must be a lowercase letter",
                          t
                        );
                      if (t !== t.trim())
                        throw dn(
                          "baddir",
                          "Directive/Component name '{0}' is invalid. The name should not contain leading or trailing whitespaces",
                          t
                        );
                    })(n),
                    It(o, "directiveFactory"),
                    r.hasOwnProperty(n) ||
                      ((r[n] = []),
                      t.factory(n + i, [
                        "$injector",
                        "$exceptionHandler",
                        function(t, e) {
                          var i = [];
                          return (
                            C(r[n], function(r, o) {
                              try {
                                var a = t.invoke(r);
                                K(a)
                                  ? (a = { compile: R(a) })
                                  : !a.compile && a.link && (a.compile = R(a.link)),
                                  (a.priority = a.priority || 0),
                                  (a.index = o),
                                  (a.name = a.name || n),
                                  (a.require = (function(t) {
                                    var e = t.require || (t.controller && t.name);
                                    return (
                                      !W(e) &&
                                        U(e) &&
                                        C(e, function(t, n) {
                                          var r = t.match(l);
                                          t.substring(r[0].length) || (e[n] = r[0] + n);
                                        }),
                                      e
                                    );
                                  })(a)),
                                  (a.restrict = (function(t, e) {
                                    if (t && (!H(t) || !/[EACM]/.test(t)))
                                      throw dn(
                                        "badrestrict",
                                        "Restrict property '{0}' of directive '{1}' is invalid",
                                        t,
                                        e
                                      );
                                    return t || "EA";
                                  })(a.restrict, n)),
                                  (a.$$moduleName = r.$$moduleName),
                                  i.push(a);
                              } catch (t) {
                                e(t);
                              }
                            }),
                            i
                          );
                        }
                      ])),
                    r[n].push(o))
                  : C(n, E(e)),
                this
              );
            }),
              (this.component = function t(e, n) {
                if (!H(e)) return C(e, E(dt(this, t))), this;
                var r = n.controller || function() {};
                function i(t) {
                  function e(e) {
                    return K(e) || W(e)
                      ? function(n, r) {
                          return t.invoke(e, this, { $element: n, $attrs: r });
                        }
                      : e;
                  }
                  var i = n.template || n.templateUrl ? n.template : "",
                    o = {
                      controller: r,
                      controllerAs:
                        (function(t, e) {
                          if (e && H(e)) return e;
                          if (H(t)) {
                            var n = Cn.exec(t);
                            if (n) return n[3];
                          }
                        })(n.controller) ||
                        n.controllerAs ||
                        "$ctrl",
                      template: e(i),
                      templateUrl: e(n.templateUrl),
                      transclude: n.transclude,
                      scope: {},
                      bindToController: n.bindings || {},
                      restrict: "E",
                      require: n.require
                    };
                  return (
                    C(n, function(t, e) {
                      "$" === e.charAt(0) && (o[e] = t);
                    }),
                    o
                  );
                }
                return (
                  C(n, function(t, e) {
                    "$" === e.charAt(0) && ((i[e] = t), K(r) && (r[e] = t));
                  }),
                  (i.$inject = ["$injector"]),
                  this.directive(e, i)
                );
              }),
              (this.aHrefSanitizationWhitelist = function(t) {
                return q(t)
                  ? (n.aHrefSanitizationWhitelist(t), this)
                  : n.aHrefSanitizationWhitelist();
              }),
              (this.imgSrcSanitizationWhitelist = function(t) {
                return q(t)
                  ? (n.imgSrcSanitizationWhitelist(t), this)
                  : n.imgSrcSanitizationWhitelist();
              });
            var m = !0;
            this.debugInfoEnabled = function(t) {
              return q(t) ? ((m = t), this) : m;
            };
            var y = !1;
            this.strictComponentBindingsEnabled = function(t) {
              return q(t) ? ((y = t), this) : y;
            };
            var b = 10;
            this.onChangesTtl = function(t) {
              return arguments.length ? ((b = t), this) : b;
            };
            var w = !0;
            this.commentDirectivesEnabled = function(t) {
              return arguments.length ? ((w = t), this) : w;
            };
            var x = !0;
            this.cssClassDirectivesEnabled = function(t) {
              return arguments.length ? ((x = t), this) : x;
            };
            var _ = qt();
            (this.addPropertySecurityContext = function(t, e, n) {
              var r = t.toLowerCase() + "|" + e.toLowerCase();
              if (r in _ && _[r] !== n)
                throw dn(
                  "ctxoverride",
                  "Property context '{0}.{1}' already set to '{2}', cannot override to '{3}'.",
                  t,
                  e,
                  _[r],
                  n
                );
              return (_[r] = n), this;
            }),
              (function() {
                function t(t, e) {
                  C(e, function(e) {
                    _[e.toLowerCase()] = t;
                  });
                }
                t(Gr.HTML, ["iframe|srcdoc", "*|innerHTML", "*|outerHTML"]),
                  t(Gr.CSS, ["*|style"]),
                  t(Gr.URL, [
                    "area|href",
                    "area|ping",
                    "a|href",
                    "a|ping",
                    "blockquote|cite",
                    "body|background",
                    "del|cite",
                    "input|src",
                    "ins|cite",
                    "q|cite"
                  ]),
                  t(Gr.MEDIA_URL, [
                    "audio|src",
                    "img|src",
                    "img|srcset",
                    "source|src",
                    "source|srcset",
                    "track|src",
                    "video|src",
                    "video|poster"
                  ]),
                  t(Gr.RESOURCE_URL, [
                    "*|formAction",
                    "applet|code",
                    "applet|codebase",
                    "base|href",
                    "embed|src",
                    "frame|src",
                    "form|action",
                    "head|profile",
                    "html|manifest",
                    "iframe|src",
                    "link|href",
                    "media|src",
                    "object|codebase",
                    "object|data",
                    "script|src"
                  ]);
              })(),
              (this.$get = [
                "$injector",
                "$interpolate",
                "$exceptionHandler",
                "$templateRequest",
                "$parse",
                "$controller",
                "$rootScope",
                "$sce",
                "$animate",
                function(t, n, d, v, S, E, k, A, T) {
                  var j,
                    N = /^\w/,
                    M = e.document.createElement("div"),
                    R = w,
                    P = x,
                    q = b;
                  function F() {
                    try {
                      if (!--q)
                        throw ((j = void 0),
                        dn("infchng", "{0} $onChanges() iterations reached. Aborting!\n", b));
                      k.$apply(function() {
                        for (var t = 0, e = j.length; t < e; ++t)
                          try {
                            j[t]();
                          } catch (t) {
                            d(t);
                          }
                        j = void 0;
                      });
                    } finally {
                      q++;
                    }
                  }
                  function B(t, e) {
                    if (!t) return t;
                    if (!H(t))
                      throw dn(
                        "srcset",
                        'Can\'t pass trusted values to `{0}`: "{1}"',
                        e,
                        t.toString()
                      );
                    for (
                      var n = "",
                        r = et(t),
                        i = /\s/.test(r) ? /(\s+\d+x\s*,|\s+\d+w\s*,|\s+,|,\s+)/ : /(,)/,
                        o = r.split(i),
                        a = Math.floor(o.length / 2),
                        u = 0;
                      u < a;
                      u++
                    ) {
                      var s = 2 * u;
                      (n += A.getTrustedMediaUrl(et(o[s]))), (n += " " + et(o[s + 1]));
                    }
                    var c = et(o[2 * u]).split(/\s/);
                    return (
                      (n += A.getTrustedMediaUrl(et(c[0]))),
                      2 === c.length && (n += " " + et(c[1])),
                      n
                    );
                  }
                  function z(t, e) {
                    if (e) {
                      var n,
                        r,
                        i,
                        o = Object.keys(e);
                      for (n = 0, r = o.length; n < r; n++) this[(i = o[n])] = e[i];
                    } else this.$attr = {};
                    this.$$element = t;
                  }
                  function J(t, e) {
                    try {
                      t.addClass(e);
                    } catch (t) {}
                  }
                  z.prototype = {
                    $normalize: bn,
                    $addClass: function(t) {
                      t && t.length > 0 && T.addClass(this.$$element, t);
                    },
                    $removeClass: function(t) {
                      t && t.length > 0 && T.removeClass(this.$$element, t);
                    },
                    $updateClass: function(t, e) {
                      var n = wn(t, e);
                      n && n.length && T.addClass(this.$$element, n);
                      var r = wn(e, t);
                      r && r.length && T.removeClass(this.$$element, r);
                    },
                    $set: function(t, e, n, r) {
                      var i = De(this.$$element[0], t),
                        o = (function(t) {
                          return Le[t];
                        })(t),
                        a = t;
                      i ? (this.$$element.prop(t, e), (r = i)) : o && ((this[o] = e), (a = o)),
                        (this[t] = e),
                        r
                          ? (this.$attr[t] = r)
                          : (r = this.$attr[t]) || (this.$attr[t] = r = Lt(t, "-")),
                        "img" === it(this.$$element) &&
                          "srcset" === t &&
                          (this[t] = e = B(e, "$set('srcset', value)")),
                        !1 !== n &&
                          (null === e || V(e)
                            ? this.$$element.removeAttr(r)
                            : N.test(r)
                              ? this.$$element.attr(r, e)
                              : (function(t, e, n) {
                                  M.innerHTML = "<span " + e + ">";
                                  var r = M.firstChild.attributes,
                                    i = r[0];
                                  r.removeNamedItem(i.name),
                                    (i.value = n),
                                    t.attributes.setNamedItem(i);
                                })(this.$$element[0], r, e));
                      var u = this.$$observers;
                      u &&
                        C(u[a], function(t) {
                          try {
                            t(e);
                          } catch (t) {
                            d(t);
                          }
                        });
                    },
                    $observe: function(t, e) {
                      var n = this,
                        r = n.$$observers || (n.$$observers = qt()),
                        i = r[t] || (r[t] = []);
                      return (
                        i.push(e),
                        k.$evalAsync(function() {
                          i.$$inter || !n.hasOwnProperty(t) || V(n[t]) || e(n[t]);
                        }),
                        function() {
                          at(i, e);
                        }
                      );
                    }
                  };
                  var Y = n.startSymbol(),
                    Q = n.endSymbol(),
                    tt =
                      "{{" === Y && "}}" === Q
                        ? I
                        : function(t) {
                            return t.replace(/\{\{/g, Y).replace(/}}/g, Q);
                          },
                    nt = /^ng(Attr|Prop|On)([A-Z].*)$/,
                    rt = /^(.+)Start$/;
                  return (
                    (ot.$$addBindingInfo = m
                      ? function(t, e) {
                          var n = t.data("$binding") || [];
                          W(e) ? (n = n.concat(e)) : n.push(e), t.data("$binding", n);
                        }
                      : D),
                    (ot.$$addBindingClass = m
                      ? function(t) {
                          J(t, "ng-binding");
                        }
                      : D),
                    (ot.$$addScopeInfo = m
                      ? function(t, e, n, r) {
                          var i = n ? (r ? "$isolateScopeNoTemplate" : "$isolateScope") : "$scope";
                          t.data(i, e);
                        }
                      : D),
                    (ot.$$addScopeClass = m
                      ? function(t, e) {
                          J(t, e ? "ng-isolate-scope" : "ng-scope");
                        }
                      : D),
                    (ot.$$createComment = function(t, n) {
                      var r = "";
                      return (
                        m && ((r = " " + (t || "") + ": "), n && (r += n + " ")),
                        e.document.createComment(r)
                      );
                    }),
                    ot
                  );
                  function ot(t, e, n, r, i) {
                    t instanceof u || (t = u(t));
                    var o = ut(t, e, t, n, r, i);
                    ot.$$addScopeClass(t);
                    var a = null;
                    return function(e, n, r) {
                      if (!t) throw dn("multilink", "This element has already been linked.");
                      It(e, "scope"), i && i.needsNewScope && (e = e.$parent.$new());
                      var s,
                        c = (r = r || {}).parentBoundTranscludeFn,
                        l = r.transcludeControllers,
                        f = r.futureParentElement;
                      if (
                        (c && c.$$boundTransclude && (c = c.$$boundTransclude),
                        a ||
                          (a = (function(t) {
                            var e = t && t[0];
                            return e && "foreignobject" !== it(e) && $.call(e).match(/SVG/)
                              ? "svg"
                              : "html";
                          })(f)),
                        (s =
                          "html" !== a
                            ? u(
                                At(
                                  a,
                                  u("<div></div>")
                                    .append(t)
                                    .html()
                                )
                              )
                            : n
                              ? je.clone.call(t)
                              : t),
                        l)
                      )
                        for (var p in l) s.data("$" + p + "Controller", l[p].instance);
                      return (
                        ot.$$addScopeInfo(s, e),
                        n && n(s, e),
                        o && o(e, s, s, c),
                        n || (t = o = null),
                        s
                      );
                    };
                  }
                  function ut(t, e, n, r, i, o) {
                    for (
                      var s, c, l, f, p, h, d, v = [], g = W(t) || t instanceof u, m = 0;
                      m < t.length;
                      m++
                    )
                      (s = new z()),
                        11 === a && lt(t, m, g),
                        (l = (c = pt(t[m], [], s, 0 === m ? r : void 0, i)).length
                          ? $t(c, t[m], s, e, n, null, [], [], o)
                          : null) &&
                          l.scope &&
                          ot.$$addScopeClass(s.$$element),
                        (p =
                          (l && l.terminal) || !(f = t[m].childNodes) || !f.length
                            ? null
                            : ut(
                                f,
                                l
                                  ? (l.transcludeOnThisElement || !l.templateOnThisElement) &&
                                    l.transclude
                                  : e
                              )),
                        (l || p) && (v.push(m, l, p), (h = !0), (d = d || l)),
                        (o = null);
                    return h
                      ? function(t, n, r, i) {
                          var o, a, s, c, l, f, p, h, g;
                          if (d) {
                            var m = n.length;
                            for (g = new Array(m), l = 0; l < v.length; l += 3)
                              (p = v[l]), (g[p] = n[p]);
                          } else g = n;
                          for (l = 0, f = v.length; l < f; )
                            (s = g[v[l++]]),
                              (o = v[l++]),
                              (a = v[l++]),
                              o
                                ? (o.scope ? ((c = t.$new()), ot.$$addScopeInfo(u(s), c)) : (c = t),
                                  (h = o.transcludeOnThisElement
                                    ? ft(t, o.transclude, i)
                                    : !o.templateOnThisElement && i
                                      ? i
                                      : !i && e
                                        ? ft(t, e)
                                        : null),
                                  o(a, c, s, r, h))
                                : a && a(t, s.childNodes, void 0, i);
                        }
                      : null;
                  }
                  function lt(t, e, n) {
                    var r,
                      i = t[e],
                      o = i.parentNode;
                    if (i.nodeType === Ht)
                      for (; (r = o ? i.nextSibling : t[e + 1]) && r.nodeType === Ht; )
                        (i.nodeValue = i.nodeValue + r.nodeValue),
                          r.parentNode && r.parentNode.removeChild(r),
                          n && r === t[e + 1] && t.splice(e + 1, 1);
                  }
                  function ft(t, e, n) {
                    function r(r, i, o, a, u) {
                      return (
                        r || ((r = t.$new(!1, u)).$$transcluded = !0),
                        e(r, i, {
                          parentBoundTranscludeFn: n,
                          transcludeControllers: o,
                          futureParentElement: a
                        })
                      );
                    }
                    var i = (r.$$slots = qt());
                    for (var o in e.$$slots)
                      e.$$slots[o] ? (i[o] = ft(t, e.$$slots[o], n)) : (i[o] = null);
                    return r;
                  }
                  function pt(t, e, r, i, a) {
                    var u,
                      c,
                      l,
                      f = t.nodeType,
                      p = r.$attr;
                    switch (f) {
                      case Ft:
                        wt(e, bn((c = it(t))), "E", i, a);
                        for (
                          var h, d, v, g, m, $ = t.attributes, y = 0, b = $ && $.length;
                          y < b;
                          y++
                        ) {
                          var w,
                            x = !1,
                            _ = !1,
                            C = !1,
                            S = !1,
                            E = !1;
                          (d = (h = $[y]).name),
                            (g = h.value),
                            (m = (v = bn(d.toLowerCase())).match(nt))
                              ? ((C = "Attr" === m[1]),
                                (S = "Prop" === m[1]),
                                (E = "On" === m[1]),
                                (d = d
                                  .replace($n, "")
                                  .toLowerCase()
                                  .substr(4 + m[1].length)
                                  .replace(/_(.)/g, function(t, e) {
                                    return e.toUpperCase();
                                  })))
                              : (w = v.match(rt)) &&
                                _t(w[1]) &&
                                ((x = d),
                                (_ = d.substr(0, d.length - 5) + "end"),
                                (d = d.substr(0, d.length - 6))),
                            S || E
                              ? ((r[v] = g), (p[v] = h.name), S ? Ot(t, e, v, d) : jt(e, v, d))
                              : ((p[(v = bn(d.toLowerCase()))] = d),
                                (!C && r.hasOwnProperty(v)) ||
                                  ((r[v] = g), De(t, v) && (r[v] = !0)),
                                Nt(t, e, g, v, C),
                                wt(e, v, "A", i, a, x, _));
                        }
                        if (
                          ("input" === c &&
                            "hidden" === t.getAttribute("type") &&
                            t.setAttribute("autocomplete", "off"),
                          !P)
                        )
                          break;
                        if ((U((l = t.className)) && (l = l.animVal), H(l) && "" !== l))
                          for (; (u = s.exec(l)); )
                            wt(e, (v = bn(u[2])), "C", i, a) && (r[v] = et(u[3])),
                              (l = l.substr(u.index + u[0].length));
                        break;
                      case Ht:
                        !(function(t, e) {
                          var r = n(e, !0);
                          r &&
                            t.push({
                              priority: 0,
                              compile: function(t) {
                                var e = t.parent(),
                                  n = !!e.length;
                                return (
                                  n && ot.$$addBindingClass(e),
                                  function(t, e) {
                                    var i = e.parent();
                                    n || ot.$$addBindingClass(i),
                                      ot.$$addBindingInfo(i, r.expressions),
                                      t.$watch(r, function(t) {
                                        e[0].nodeValue = t;
                                      });
                                  }
                                );
                              }
                            });
                        })(e, t.nodeValue);
                        break;
                      case Bt:
                        if (!R) break;
                        !(function(t, e, n, r, i) {
                          try {
                            var a = o.exec(t.nodeValue);
                            if (a) {
                              var u = bn(a[1]);
                              wt(e, u, "M", r, i) && (n[u] = et(a[2]));
                            }
                          } catch (t) {}
                        })(t, e, r, i, a);
                    }
                    return e.sort(Et), e;
                  }
                  function vt(t, e, n) {
                    var r = [],
                      i = 0;
                    if (e && t.hasAttribute && t.hasAttribute(e))
                      do {
                        if (!t)
                          throw dn(
                            "uterdir",
                            "Unterminated attribute, found '{0}' but no matching '{1}' found.",
                            e,
                            n
                          );
                        t.nodeType === Ft && (t.hasAttribute(e) && i++, t.hasAttribute(n) && i--),
                          r.push(t),
                          (t = t.nextSibling);
                      } while (i > 0);
                    else r.push(t);
                    return u(r);
                  }
                  function gt(t, e, n) {
                    return function(r, i, o, a, u) {
                      return (i = vt(i[0], e, n)), t(r, i, o, a, u);
                    };
                  }
                  function mt(t, e, n, r, i, o) {
                    var a;
                    return t
                      ? ot(e, n, r, i, o)
                      : function() {
                          return (
                            a || ((a = ot(e, n, r, i, o)), (e = n = o = null)),
                            a.apply(this, arguments)
                          );
                        };
                  }
                  function $t(t, n, r, i, o, a, s, c, l) {
                    l = l || {};
                    for (
                      var f,
                        p,
                        h,
                        v,
                        g,
                        m = -Number.MAX_VALUE,
                        $ = l.newScopeDirective,
                        y = l.controllerDirectives,
                        b = l.newIsolateScopeDirective,
                        w = l.templateDirective,
                        x = l.nonTlbTranscludeDirective,
                        _ = !1,
                        S = !1,
                        k = l.hasElementTranscludeDirective,
                        A = (r.$$element = u(n)),
                        T = a,
                        j = i,
                        N = !1,
                        M = !1,
                        L = 0,
                        D = t.length;
                      L < D;
                      L++
                    ) {
                      var I = (f = t[L]).$$start,
                        R = f.$$end;
                      if ((I && (A = vt(n, I, R)), (h = void 0), m > f.priority)) break;
                      if (
                        ((g = f.scope) &&
                          (f.templateUrl ||
                            (U(g)
                              ? (kt("new/isolated scope", b || $, f, A), (b = f))
                              : kt("new/isolated scope", b, f, A)),
                          ($ = $ || f)),
                        (p = f.name),
                        !N &&
                          ((f.replace && (f.templateUrl || f.template)) ||
                            (f.transclude && !f.$$tlb)))
                      ) {
                        for (var P, q = L + 1; (P = t[q++]); )
                          if (
                            (P.transclude && !P.$$tlb) ||
                            (P.replace && (P.templateUrl || P.template))
                          ) {
                            M = !0;
                            break;
                          }
                        N = !0;
                      }
                      if (
                        (!f.templateUrl &&
                          f.controller &&
                          ((y = y || qt()), kt("'" + p + "' controller", y[p], f, A), (y[p] = f)),
                        (g = f.transclude))
                      )
                        if (
                          ((_ = !0),
                          f.$$tlb || (kt("transclusion", x, f, A), (x = f)),
                          "element" === g)
                        )
                          (k = !0),
                            (m = f.priority),
                            (h = A),
                            (A = r.$$element = u(ot.$$createComment(p, r[p]))),
                            (n = A[0]),
                            Mt(o, ht(h), n),
                            (j = mt(M, h, i, m, T && T.name, { nonTlbTranscludeDirective: x }));
                        else {
                          var F = qt();
                          if (U(g)) {
                            h = e.document.createDocumentFragment();
                            var H = qt(),
                              B = qt();
                            for (var G in (C(g, function(t, e) {
                              var n = "?" === t.charAt(0);
                              (t = n ? t.substring(1) : t), (H[t] = e), (F[e] = null), (B[e] = n);
                            }),
                            C(A.contents(), function(t) {
                              var n = H[bn(it(t))];
                              n
                                ? ((B[n] = !0),
                                  (F[n] = F[n] || e.document.createDocumentFragment()),
                                  F[n].appendChild(t))
                                : h.appendChild(t);
                            }),
                            C(B, function(t, e) {
                              if (!t)
                                throw dn(
                                  "reqslot",
                                  "Required transclusion slot `{0}` was not filled.",
                                  e
                                );
                            }),
                            F))
                              if (F[G]) {
                                var J = u(F[G].childNodes);
                                F[G] = mt(M, J, i);
                              }
                            h = u(h.childNodes);
                          } else h = u(de(n)).contents();
                          A.empty(),
                            ((j = mt(M, h, i, void 0, void 0, {
                              needsNewScope: f.$$isolateScope || f.$$newScope
                            })).$$slots = F);
                        }
                      if (f.template)
                        if (
                          ((S = !0),
                          kt("template", w, f, A),
                          (w = f),
                          (g = K(f.template) ? f.template(A, r) : f.template),
                          (g = tt(g)),
                          f.replace)
                        ) {
                          if (
                            ((T = f),
                            (h = ce(g) ? [] : xn(At(f.templateNamespace, et(g)))),
                            (n = h[0]),
                            1 !== h.length || n.nodeType !== Ft)
                          )
                            throw dn(
                              "tplrt",
                              "Template for directive '{0}' must have exactly one root element. {1}",
                              p,
                              ""
                            );
                          Mt(o, A, n);
                          var Y = { $attr: {} },
                            X = pt(n, [], Y),
                            Q = t.splice(L + 1, t.length - (L + 1));
                          (b || $) && bt(X, b, $),
                            (t = t.concat(X).concat(Q)),
                            Ct(r, Y),
                            (D = t.length);
                        } else A.html(g);
                      if (f.templateUrl)
                        (S = !0),
                          kt("template", w, f, A),
                          (w = f),
                          f.replace && (T = f),
                          (at = St(t.splice(L, t.length - L), A, r, o, _ && j, s, c, {
                            controllerDirectives: y,
                            newScopeDirective: $ !== f && $,
                            newIsolateScopeDirective: b,
                            templateDirective: w,
                            nonTlbTranscludeDirective: x
                          })),
                          (D = t.length);
                      else if (f.compile)
                        try {
                          v = f.compile(A, r, j);
                          var nt = f.$$originalDirective || f;
                          K(v)
                            ? rt(null, dt(nt, v), I, R)
                            : v && rt(dt(nt, v.pre), dt(nt, v.post), I, R);
                        } catch (t) {
                          d(t, xt(A));
                        }
                      f.terminal && ((at.terminal = !0), (m = Math.max(m, f.priority)));
                    }
                    return (
                      (at.scope = $ && !0 === $.scope),
                      (at.transcludeOnThisElement = _),
                      (at.templateOnThisElement = S),
                      (at.transclude = j),
                      (l.hasElementTranscludeDirective = k),
                      at
                    );
                    function rt(t, e, n, r) {
                      t &&
                        (n && (t = gt(t, n, r)),
                        (t.require = f.require),
                        (t.directiveName = p),
                        (b === f || f.$$isolateScope) && (t = Dt(t, { isolateScope: !0 })),
                        s.push(t)),
                        e &&
                          (n && (e = gt(e, n, r)),
                          (e.require = f.require),
                          (e.directiveName = p),
                          (b === f || f.$$isolateScope) && (e = Dt(e, { isolateScope: !0 })),
                          c.push(e));
                    }
                    function at(t, e, i, o, a) {
                      var l, f, p, h, v, g, m, x, _, S;
                      for (var A in (n === i
                        ? ((_ = r), (x = r.$$element))
                        : (_ = new z((x = u(i)), r)),
                      (v = e),
                      b ? (h = e.$new(!0)) : $ && (v = e.$parent),
                      a &&
                        (((m = function(t, e, n, r) {
                          var i;
                          Z(t) || ((r = n), (n = e), (e = t), (t = void 0));
                          k && (i = g);
                          n || (n = k ? x.parent() : x);
                          if (!r) return a(t, e, i, n, M);
                          var o = a.$$slots[r];
                          if (o) return o(t, e, i, n, M);
                          if (V(o))
                            throw dn(
                              "noslot",
                              'No parent directive that requires a transclusion with slot name "{0}". Element: {1}',
                              r,
                              xt(x)
                            );
                        }).$$boundTransclude = a),
                        (m.isSlotFilled = function(t) {
                          return !!a.$$slots[t];
                        })),
                      y &&
                        (g = (function(t, e, n, r, i, o, a) {
                          var u = qt();
                          for (var s in r) {
                            var c = r[s],
                              l = {
                                $scope: c === a || c.$$isolateScope ? i : o,
                                $element: t,
                                $attrs: e,
                                $transclude: n
                              },
                              f = c.controller;
                            "@" === f && (f = e[c.name]);
                            var p = E(f, l, !0, c.controllerAs);
                            (u[c.name] = p), t.data("$" + c.name + "Controller", p.instance);
                          }
                          return u;
                        })(x, _, m, y, h, e, b)),
                      b &&
                        (ot.$$addScopeInfo(
                          x,
                          h,
                          !0,
                          !(w && (w === b || w === b.$$originalDirective))
                        ),
                        ot.$$addScopeClass(x, !0),
                        (h.$$isolateBindings = b.$$isolateBindings),
                        (S = Vt(e, _, h, h.$$isolateBindings, b)).removeWatches &&
                          h.$on("$destroy", S.removeWatches)),
                      g)) {
                        var T = y[A],
                          j = g[A],
                          N = T.$$bindings.bindToController;
                        (j.instance = j()),
                          x.data("$" + T.name + "Controller", j.instance),
                          (j.bindingInfo = Vt(v, _, j.instance, N, T));
                      }
                      for (
                        C(y, function(t, e) {
                          var n = t.require;
                          t.bindToController && !W(n) && U(n) && O(g[e].instance, yt(e, n, x, g));
                        }),
                          C(g, function(t) {
                            var e = t.instance;
                            if (K(e.$onChanges))
                              try {
                                e.$onChanges(t.bindingInfo.initialChanges);
                              } catch (t) {
                                d(t);
                              }
                            if (K(e.$onInit))
                              try {
                                e.$onInit();
                              } catch (t) {
                                d(t);
                              }
                            K(e.$doCheck) &&
                              (v.$watch(function() {
                                e.$doCheck();
                              }),
                              e.$doCheck()),
                              K(e.$onDestroy) &&
                                v.$on("$destroy", function() {
                                  e.$onDestroy();
                                });
                          }),
                          l = 0,
                          f = s.length;
                        l < f;
                        l++
                      )
                        Rt(
                          (p = s[l]),
                          p.isolateScope ? h : e,
                          x,
                          _,
                          p.require && yt(p.directiveName, p.require, x, g),
                          m
                        );
                      var M = e;
                      for (
                        b && (b.template || null === b.templateUrl) && (M = h),
                          t && t(M, i.childNodes, void 0, a),
                          l = c.length - 1;
                        l >= 0;
                        l--
                      )
                        Rt(
                          (p = c[l]),
                          p.isolateScope ? h : e,
                          x,
                          _,
                          p.require && yt(p.directiveName, p.require, x, g),
                          m
                        );
                      C(g, function(t) {
                        var e = t.instance;
                        K(e.$postLink) && e.$postLink();
                      });
                    }
                  }
                  function yt(t, e, n, r) {
                    var i;
                    if (H(e)) {
                      var o = e.match(l),
                        a = e.substring(o[0].length),
                        u = o[1] || o[3],
                        s = "?" === o[2];
                      if (
                        ("^^" === u ? (n = n.parent()) : (i = (i = r && r[a]) && i.instance), !i)
                      ) {
                        var c = "$" + a + "Controller";
                        i =
                          "^^" === u && n[0] && n[0].nodeType === zt
                            ? null
                            : u
                              ? n.inheritedData(c)
                              : n.data(c);
                      }
                      if (!i && !s)
                        throw dn(
                          "ctreq",
                          "Controller '{0}', required by directive '{1}', can't be found!",
                          a,
                          t
                        );
                    } else if (W(e)) {
                      i = [];
                      for (var f = 0, p = e.length; f < p; f++) i[f] = yt(t, e[f], n, r);
                    } else
                      U(e) &&
                        ((i = {}),
                        C(e, function(e, o) {
                          i[o] = yt(t, e, n, r);
                        }));
                    return i || null;
                  }
                  function bt(t, e, n) {
                    for (var r = 0, i = t.length; r < i; r++)
                      t[r] = L(t[r], { $$isolateScope: e, $$newScope: n });
                  }
                  function wt(e, n, o, a, u, s, c) {
                    if (n === u) return null;
                    var l = null;
                    if (r.hasOwnProperty(n))
                      for (var f, p = t.get(n + i), h = 0, d = p.length; h < d; h++)
                        if (
                          ((f = p[h]), (V(a) || a > f.priority) && -1 !== f.restrict.indexOf(o))
                        ) {
                          if ((s && (f = L(f, { $$start: s, $$end: c })), !f.$$bindings)) {
                            var v = (f.$$bindings = g(f, f.name));
                            U(v.isolateScope) && (f.$$isolateBindings = v.isolateScope);
                          }
                          e.push(f), (l = f);
                        }
                    return l;
                  }
                  function _t(e) {
                    if (r.hasOwnProperty(e))
                      for (var n = t.get(e + i), o = 0, a = n.length; o < a; o++)
                        if (n[o].multiElement) return !0;
                    return !1;
                  }
                  function Ct(t, e) {
                    var n = e.$attr,
                      r = t.$attr;
                    C(t, function(r, i) {
                      "$" !== i.charAt(0) &&
                        (e[i] &&
                          e[i] !== r &&
                          (r.length ? (r += ("style" === i ? ";" : " ") + e[i]) : (r = e[i])),
                        t.$set(i, r, !0, n[i]));
                    }),
                      C(e, function(e, i) {
                        t.hasOwnProperty(i) ||
                          "$" === i.charAt(0) ||
                          ((t[i] = e), "class" !== i && "style" !== i && (r[i] = n[i]));
                      });
                  }
                  function St(t, e, n, r, i, o, a, s) {
                    var c,
                      l,
                      f = [],
                      p = e[0],
                      h = t.shift(),
                      g = L(h, {
                        templateUrl: null,
                        transclude: null,
                        replace: null,
                        $$originalDirective: h
                      }),
                      m = K(h.templateUrl) ? h.templateUrl(e, n) : h.templateUrl,
                      $ = h.templateNamespace;
                    return (
                      e.empty(),
                      v(m)
                        .then(function(d) {
                          var v, y, b, w;
                          if (((d = tt(d)), h.replace)) {
                            if (
                              ((b = ce(d) ? [] : xn(At($, et(d)))),
                              (v = b[0]),
                              1 !== b.length || v.nodeType !== Ft)
                            )
                              throw dn(
                                "tplrt",
                                "Template for directive '{0}' must have exactly one root element. {1}",
                                h.name,
                                m
                              );
                            (y = { $attr: {} }), Mt(r, e, v);
                            var x = pt(v, [], y);
                            U(h.scope) && bt(x, !0), (t = x.concat(t)), Ct(n, y);
                          } else (v = p), e.html(d);
                          for (
                            t.unshift(g),
                              c = $t(t, v, n, i, e, h, o, a, s),
                              C(r, function(t, n) {
                                t === v && (r[n] = e[0]);
                              }),
                              l = ut(e[0].childNodes, i);
                            f.length;

                          ) {
                            var _ = f.shift(),
                              S = f.shift(),
                              E = f.shift(),
                              k = f.shift(),
                              A = e[0];
                            if (!_.$$destroyed) {
                              if (S !== p) {
                                var T = S.className;
                                (s.hasElementTranscludeDirective && h.replace) || (A = de(v)),
                                  Mt(E, u(S), A),
                                  J(u(A), T);
                              }
                              (w = c.transcludeOnThisElement ? ft(_, c.transclude, k) : k),
                                c(l, _, A, r, w);
                            }
                          }
                          f = null;
                        })
                        .catch(function(t) {
                          G(t) && d(t);
                        }),
                      function(t, e, n, r, i) {
                        var o = i;
                        e.$$destroyed ||
                          (f
                            ? f.push(e, n, r, o)
                            : (c.transcludeOnThisElement && (o = ft(e, c.transclude, i)),
                              c(l, e, n, r, o)));
                      }
                    );
                  }
                  function Et(t, e) {
                    var n = e.priority - t.priority;
                    return 0 !== n
                      ? n
                      : t.name !== e.name
                        ? t.name < e.name
                          ? -1
                          : 1
                        : t.index - e.index;
                  }
                  function kt(t, e, n, r) {
                    function i(t) {
                      return t ? " (module: " + t + ")" : "";
                    }
                    if (e)
                      throw dn(
                        "multidir",
                        "Multiple directives [{0}{1}, {2}{3}] asking for {4} on: {5}",
                        e.name,
                        i(e.$$moduleName),
                        n.name,
                        i(n.$$moduleName),
                        t,
                        xt(r)
                      );
                  }
                  function At(t, n) {
                    switch ((t = h(t || "html"))) {
                      case "svg":
                      case "math":
                        var r = e.document.createElement("div");
                        return (
                          (r.innerHTML = "<" + t + ">" + n + "</" + t + ">"),
                          r.childNodes[0].childNodes
                        );
                      default:
                        return n;
                    }
                  }
                  function Tt(t) {
                    return B(A.valueOf(t), "ng-prop-srcset");
                  }
                  function Ot(t, e, n, r) {
                    if (f.test(r))
                      throw dn(
                        "nodomevents",
                        "Property bindings for HTML DOM event properties are disallowed"
                      );
                    var i = it(t),
                      o = (function(t, e) {
                        var n = e.toLowerCase();
                        return _[t + "|" + n] || _["*|" + n];
                      })(i, r),
                      a = I;
                    "srcset" !== r || ("img" !== i && "source" !== i)
                      ? o && (a = A.getTrusted.bind(A, o))
                      : (a = Tt),
                      e.push({
                        priority: 100,
                        compile: function(t, e) {
                          var i = S(e[n]),
                            o = S(e[n], function(t) {
                              return A.valueOf(t);
                            });
                          return {
                            pre: function(t, e) {
                              function n() {
                                var n = i(t);
                                e.prop(r, a(n));
                              }
                              n(), t.$watch(o, n);
                            }
                          };
                        }
                      });
                  }
                  function jt(t, e, n) {
                    t.push(Ro(S, k, d, e, n, !1));
                  }
                  function Nt(t, e, r, i, o) {
                    var a = it(t),
                      u = (function(t, e) {
                        return "srcdoc" === e
                          ? A.HTML
                          : "src" === e || "ngSrc" === e
                            ? -1 === ["img", "video", "audio", "source", "track"].indexOf(t)
                              ? A.RESOURCE_URL
                              : A.MEDIA_URL
                            : "xlinkHref" === e
                              ? "image" === t
                                ? A.MEDIA_URL
                                : "a" === t
                                  ? A.URL
                                  : A.RESOURCE_URL
                              : ("form" === t && "action" === e) ||
                                ("base" === t && "href" === e) ||
                                ("link" === t && "href" === e)
                                ? A.RESOURCE_URL
                                : "a" !== t || ("href" !== e && "ngHref" !== e)
                                  ? void 0
                                  : A.URL;
                      })(a, i),
                      s = !o,
                      l = c[i] || o,
                      p = n(r, s, u, l);
                    if (p) {
                      if ("multiple" === i && "select" === a)
                        throw dn(
                          "selmulti",
                          "Binding to the 'multiple' attribute is not supported. Element: {0}",
                          xt(t)
                        );
                      if (f.test(i))
                        throw dn(
                          "nodomevents",
                          "Interpolations for HTML DOM event attributes are disallowed"
                        );
                      e.push({
                        priority: 100,
                        compile: function() {
                          return {
                            pre: function(t, e, o) {
                              var a = o.$$observers || (o.$$observers = qt()),
                                s = o[i];
                              s !== r && ((p = s && n(s, !0, u, l)), (r = s)),
                                p &&
                                  ((o[i] = p(t)),
                                  ((a[i] || (a[i] = [])).$$inter = !0),
                                  ((o.$$observers && o.$$observers[i].$$scope) || t).$watch(
                                    p,
                                    function(t, e) {
                                      "class" === i && t !== e
                                        ? o.$updateClass(t, e)
                                        : o.$set(i, t);
                                    }
                                  ));
                            }
                          };
                        }
                      });
                    }
                  }
                  function Mt(t, n, r) {
                    var i,
                      o,
                      a = n[0],
                      s = n.length,
                      c = a.parentNode;
                    if (t)
                      for (i = 0, o = t.length; i < o; i++)
                        if (t[i] === a) {
                          t[i++] = r;
                          for (var l = i, f = l + s - 1, p = t.length; l < p; l++, f++)
                            f < p ? (t[l] = t[f]) : delete t[l];
                          (t.length -= s - 1), t.context === a && (t.context = r);
                          break;
                        }
                    c && c.replaceChild(r, a);
                    var h = e.document.createDocumentFragment();
                    for (i = 0; i < s; i++) h.appendChild(n[i]);
                    for (
                      u.hasData(a) && (u.data(r, u.data(a)), u(a).off("$destroy")),
                        u.cleanData(h.querySelectorAll("*")),
                        i = 1;
                      i < s;
                      i++
                    )
                      delete n[i];
                    (n[0] = r), (n.length = 1);
                  }
                  function Dt(t, e) {
                    return O(
                      function() {
                        return t.apply(null, arguments);
                      },
                      t,
                      e
                    );
                  }
                  function Rt(t, e, n, r, i, o) {
                    try {
                      t(e, n, r, i, o);
                    } catch (t) {
                      d(t, xt(n));
                    }
                  }
                  function Pt(t, e) {
                    if (y)
                      throw dn(
                        "missingattr",
                        "Attribute '{0}' of '{1}' is non-optional and must be set!",
                        t,
                        e
                      );
                  }
                  function Vt(t, e, r, i, o) {
                    var a,
                      u = [],
                      s = {};
                    function c(e, n, i) {
                      K(r.$onChanges) &&
                        !st(n, i) &&
                        (j || (t.$$postDigest(F), (j = [])),
                        a || ((a = {}), j.push(l)),
                        a[e] && (i = a[e].previousValue),
                        (a[e] = new mn(i, n)));
                    }
                    function l() {
                      r.$onChanges(a), (a = void 0);
                    }
                    return (
                      C(i, function(i, a) {
                        var l,
                          f,
                          h,
                          d,
                          v,
                          g = i.attrName,
                          m = i.optional;
                        switch (i.mode) {
                          case "@":
                            m || p.call(e, g) || (Pt(g, o.name), (r[a] = e[g] = void 0)),
                              (v = e.$observe(g, function(t) {
                                if (H(t) || X(t)) {
                                  var e = r[a];
                                  c(a, t, e), (r[a] = t);
                                }
                              })),
                              (e.$$observers[g].$$scope = t),
                              H((l = e[g])) ? (r[a] = n(l)(t)) : X(l) && (r[a] = l),
                              (s[a] = new mn(vn, r[a])),
                              u.push(v);
                            break;
                          case "=":
                            if (!p.call(e, g)) {
                              if (m) break;
                              Pt(g, o.name), (e[g] = void 0);
                            }
                            if (m && !e[g]) break;
                            (f = S(e[g])),
                              (d = f.literal ? ct : st),
                              (h =
                                f.assign ||
                                function() {
                                  throw ((l = r[a] = f(t)),
                                  dn(
                                    "nonassign",
                                    "Expression '{0}' in attribute '{1}' used with directive '{2}' is non-assignable!",
                                    e[g],
                                    g,
                                    o.name
                                  ));
                                }),
                              (l = r[a] = f(t));
                            var $ = function(e) {
                              return (
                                d(e, r[a]) || (d(e, l) ? h(t, (e = r[a])) : (r[a] = e)), (l = e)
                              );
                            };
                            ($.$stateful = !0),
                              (v = i.collection
                                ? t.$watchCollection(e[g], $)
                                : t.$watch(S(e[g], $), null, f.literal)),
                              u.push(v);
                            break;
                          case "<":
                            if (!p.call(e, g)) {
                              if (m) break;
                              Pt(g, o.name), (e[g] = void 0);
                            }
                            if (m && !e[g]) break;
                            var y = (f = S(e[g])).literal,
                              b = (r[a] = f(t));
                            (s[a] = new mn(vn, r[a])),
                              (v = t[i.collection ? "$watchCollection" : "$watch"](f, function(
                                t,
                                e
                              ) {
                                if (e === t) {
                                  if (e === b || (y && ct(e, b))) return;
                                  e = b;
                                }
                                c(a, t, e), (r[a] = t);
                              })),
                              u.push(v);
                            break;
                          case "&":
                            if (
                              (m || p.call(e, g) || Pt(g, o.name),
                              (f = e.hasOwnProperty(g) ? S(e[g]) : D) === D && m)
                            )
                              break;
                            r[a] = function(e) {
                              return f(t, e);
                            };
                        }
                      }),
                      {
                        initialChanges: s,
                        removeWatches:
                          u.length &&
                          function() {
                            for (var t = 0, e = u.length; t < e; ++t) u[t]();
                          }
                      }
                    );
                  }
                }
              ]);
          }
          function mn(t, e) {
            (this.previousValue = t), (this.currentValue = e);
          }
          (gn.$inject = ["$provide", "$$sanitizeUriProvider"]),
            (mn.prototype.isFirstChange = function() {
              return this.previousValue === vn;
            });
          var $n = /^((?:x|data)[:\-_])/i,
            yn = /[:\-_]+(.)/g;
          function bn(t) {
            return t.replace($n, "").replace(yn, function(t, e, n) {
              return n ? e.toUpperCase() : e;
            });
          }
          function wn(t, e) {
            var n = "",
              r = t.split(/\s+/),
              i = e.split(/\s+/);
            t: for (var o = 0; o < r.length; o++) {
              for (var a = r[o], u = 0; u < i.length; u++) if (a === i[u]) continue t;
              n += (n.length > 0 ? " " : "") + a;
            }
            return n;
          }
          function xn(t) {
            var e = (t = u(t)).length;
            if (e <= 1) return t;
            for (; e--; ) {
              var n = t[e];
              (n.nodeType === Bt || (n.nodeType === Ht && "" === n.nodeValue.trim())) &&
                g.call(t, e, 1);
            }
            return t;
          }
          var _n = o("$controller"),
            Cn = /^(\S+)(\s+as\s+([\w$]+))?$/;
          function Sn() {
            var t = {};
            (this.has = function(e) {
              return t.hasOwnProperty(e);
            }),
              (this.register = function(e, n) {
                Pt(e, "controller"), U(e) ? O(t, e) : (t[e] = n);
              }),
              (this.$get = [
                "$injector",
                function(e) {
                  return function(r, i, o, a) {
                    var u, s, c, l;
                    if (((o = !0 === o), a && H(a) && (l = a), H(r))) {
                      if (!(s = r.match(Cn)))
                        throw _n(
                          "ctrlfmt",
                          "Badly formed controller string '{0}'. Must match `__name__ as __id__` or `__name__`.",
                          r
                        );
                      if (
                        ((c = s[1]),
                        (l = l || s[3]),
                        !(r = t.hasOwnProperty(c)
                          ? t[c]
                          : (function(t, e, n) {
                              if (!e) return t;
                              for (var r, i = e.split("."), o = t, a = i.length, u = 0; u < a; u++)
                                (r = i[u]), t && (t = (o = t)[r]);
                              return !n && K(t) ? dt(o, t) : t;
                            })(i.$scope, c, !0)))
                      )
                        throw _n(
                          "ctrlreg",
                          "The controller with the name '{0}' is not registered.",
                          c
                        );
                      Rt(r, c, !0);
                    }
                    if (o) {
                      var f = (W(r) ? r[r.length - 1] : r).prototype;
                      return (
                        (u = Object.create(f || null)),
                        l && n(i, l, u, c || r.name),
                        O(
                          function() {
                            var t = e.invoke(r, u, i, c);
                            return (
                              t !== u && (U(t) || K(t)) && ((u = t), l && n(i, l, u, c || r.name)),
                              u
                            );
                          },
                          { instance: u, identifier: l }
                        )
                      );
                    }
                    return (u = e.instantiate(r, i, c)), l && n(i, l, u, c || r.name), u;
                  };
                  function n(t, e, n, r) {
                    if (!t || !U(t.$scope))
                      throw o("$controller")(
                        "noscp",
                        "Cannot export controller '{0}' as '{1}'! No $scope object provided via `locals`.",
                        r,
                        e
                      );
                    t.$scope[e] = n;
                  }
                }
              ]);
          }
          function En() {
            this.$get = [
              "$window",
              function(t) {
                return u(t.document);
              }
            ];
          }
          function kn() {
            this.$get = [
              "$document",
              "$rootScope",
              function(t, e) {
                var n = t[0],
                  r = n && n.hidden;
                function i() {
                  r = n.hidden;
                }
                return (
                  t.on("visibilitychange", i),
                  e.$on("$destroy", function() {
                    t.off("visibilitychange", i);
                  }),
                  function() {
                    return r;
                  }
                );
              }
            ];
          }
          function An() {
            this.$get = [
              "$log",
              function(t) {
                return function(e, n) {
                  t.error.apply(t, arguments);
                };
              }
            ];
          }
          var Tn = function() {
              this.$get = [
                "$document",
                function(t) {
                  return function(e) {
                    return (
                      e ? !e.nodeType && e instanceof u && (e = e[0]) : (e = t[0].body),
                      e.offsetWidth + 1
                    );
                  };
                }
              ];
            },
            On = "application/json",
            jn = { "Content-Type": On + ";charset=utf-8" },
            Nn = /^\[|^\{(?!\{)/,
            Mn = { "[": /]$/, "{": /}$/ },
            Ln = /^\)]\}',?\n/,
            Dn = o("$http");
          function In(t) {
            return U(t) ? (z(t) ? t.toISOString() : gt(t)) : t;
          }
          function Rn() {
            this.$get = function() {
              return function(t) {
                if (!t) return "";
                var e = [];
                return (
                  S(t, function(t, n) {
                    null === t ||
                      V(t) ||
                      K(t) ||
                      (W(t)
                        ? C(t, function(t) {
                            e.push(Et(n) + "=" + Et(In(t)));
                          })
                        : e.push(Et(n) + "=" + Et(In(t))));
                  }),
                  e.join("&")
                );
              };
            };
          }
          function Pn() {
            this.$get = function() {
              return function(t) {
                if (!t) return "";
                var e = [];
                return (
                  (function t(n, r, i) {
                    W(n)
                      ? C(n, function(e, n) {
                          t(e, r + "[" + (U(e) ? n : "") + "]");
                        })
                      : U(n) && !z(n)
                        ? S(n, function(e, n) {
                            t(e, r + (i ? "" : "[") + n + (i ? "" : "]"));
                          })
                        : (K(n) && (n = n()), e.push(Et(r) + "=" + (null == n ? "" : Et(In(n)))));
                  })(t, "", !0),
                  e.join("&")
                );
              };
            };
          }
          function Vn(t, e) {
            if (H(t)) {
              var n = t.replace(Ln, "").trim();
              if (n) {
                var r = e("Content-Type"),
                  i = r && 0 === r.indexOf(On);
                if (
                  i ||
                  (function(t) {
                    var e = t.match(Nn);
                    return e && Mn[e[0]].test(t);
                  })(n)
                )
                  try {
                    t = mt(n);
                  } catch (e) {
                    if (!i) return t;
                    throw Dn(
                      "baddata",
                      'Data must be a valid JSON object. Received: "{0}". Parse error: "{1}"',
                      t,
                      e
                    );
                  }
              }
            }
            return t;
          }
          function qn(t) {
            var e,
              n = qt();
            function r(t, e) {
              t && (n[t] = n[t] ? n[t] + ", " + e : e);
            }
            return (
              H(t)
                ? C(t.split("\n"), function(t) {
                    (e = t.indexOf(":")), r(h(et(t.substr(0, e))), et(t.substr(e + 1)));
                  })
                : U(t) &&
                  C(t, function(t, e) {
                    r(h(e), et(t));
                  }),
              n
            );
          }
          function Un(t) {
            var e;
            return function(n) {
              if ((e || (e = qn(t)), n)) {
                var r = e[h(n)];
                return void 0 === r && (r = null), r;
              }
              return e;
            };
          }
          function Fn(t, e, n, r) {
            return K(r)
              ? r(t, e, n)
              : (C(r, function(r) {
                  t = r(t, e, n);
                }),
                t);
          }
          function Hn(t) {
            return 200 <= t && t < 300;
          }
          function Bn() {
            var t = (this.defaults = {
                transformResponse: [Vn],
                transformRequest: [
                  function(t) {
                    return !U(t) ||
                      (function(t) {
                        return "[object File]" === $.call(t);
                      })(t) ||
                      (function(t) {
                        return "[object Blob]" === $.call(t);
                      })(t) ||
                      (function(t) {
                        return "[object FormData]" === $.call(t);
                      })(t)
                      ? t
                      : gt(t);
                  }
                ],
                headers: {
                  common: { Accept: "application/json, text/plain, */*" },
                  post: Gt(jn),
                  put: Gt(jn),
                  patch: Gt(jn)
                },
                xsrfCookieName: "XSRF-TOKEN",
                xsrfHeaderName: "X-XSRF-TOKEN",
                paramSerializer: "$httpParamSerializer",
                jsonpCallbackParam: "callback"
              }),
              e = !1;
            this.useApplyAsync = function(t) {
              return q(t) ? ((e = !!t), this) : e;
            };
            var n = (this.interceptors = []),
              r = (this.xsrfWhitelistedOrigins = []);
            this.$get = [
              "$browser",
              "$httpBackend",
              "$$cookieReader",
              "$cacheFactory",
              "$rootScope",
              "$q",
              "$injector",
              "$sce",
              function(i, a, u, s, c, l, f, p) {
                var v = s("$http");
                t.paramSerializer = H(t.paramSerializer)
                  ? f.get(t.paramSerializer)
                  : t.paramSerializer;
                var g = [];
                C(n, function(t) {
                  g.unshift(H(t) ? f.get(t) : f.invoke(t));
                });
                var m = (function(t) {
                  var e = [si].concat(t.map(ci));
                  return function(t) {
                    var n = ci(t);
                    return e.some(li.bind(null, n));
                  };
                })(r);
                function $(n) {
                  if (!U(n))
                    throw o("$http")(
                      "badreq",
                      "Http request configuration must be an object.  Received: {0}",
                      n
                    );
                  if (!H(p.valueOf(n.url)))
                    throw o("$http")(
                      "badreq",
                      "Http request configuration url must be a string or a $sce trusted object.  Received: {0}",
                      n.url
                    );
                  var r = O(
                    {
                      method: "get",
                      transformRequest: t.transformRequest,
                      transformResponse: t.transformResponse,
                      paramSerializer: t.paramSerializer,
                      jsonpCallbackParam: t.jsonpCallbackParam
                    },
                    n
                  );
                  (r.headers = (function(e) {
                    var n,
                      r,
                      i,
                      o = t.headers,
                      a = O({}, e.headers);
                    o = O({}, o.common, o[h(e.method)]);
                    t: for (n in o) {
                      for (i in ((r = h(n)), a)) if (h(i) === r) continue t;
                      a[n] = o[n];
                    }
                    return (function(t, e) {
                      var n,
                        r = {};
                      return (
                        C(t, function(t, i) {
                          K(t) ? null != (n = t(e)) && (r[i] = n) : (r[i] = t);
                        }),
                        r
                      );
                    })(a, Gt(e));
                  })(n)),
                    (r.method = d(r.method)),
                    (r.paramSerializer = H(r.paramSerializer)
                      ? f.get(r.paramSerializer)
                      : r.paramSerializer),
                    i.$$incOutstandingRequestCount("$http");
                  var s = [],
                    y = [],
                    b = l.resolve(r);
                  return (
                    C(g, function(t) {
                      (t.request || t.requestError) && s.unshift(t.request, t.requestError),
                        (t.response || t.responseError) && y.push(t.response, t.responseError);
                    }),
                    (b = (b = w(
                      (b = (b = w(b, s)).then(function(n) {
                        var r = n.headers,
                          i = Fn(n.data, Un(r), void 0, n.transformRequest);
                        V(i) &&
                          C(r, function(t, e) {
                            "content-type" === h(e) && delete r[e];
                          });
                        V(n.withCredentials) &&
                          !V(t.withCredentials) &&
                          (n.withCredentials = t.withCredentials);
                        return (function(n, r) {
                          var i,
                            o,
                            s = l.defer(),
                            f = s.promise,
                            d = n.headers,
                            g = "jsonp" === h(n.method),
                            y = n.url;
                          g ? (y = p.getTrustedResourceUrl(y)) : H(y) || (y = p.valueOf(y));
                          (y = (function(t, e) {
                            return (
                              e.length > 0 && (t += (-1 === t.indexOf("?") ? "?" : "&") + e), t
                            );
                          })(y, n.paramSerializer(n.params))),
                            g &&
                              (y = (function(t, e) {
                                var n = t.split("?");
                                if (n.length > 2)
                                  throw Dn(
                                    "badjsonp",
                                    'Illegal use more than one "?", in url, "{1}"',
                                    t
                                  );
                                return (
                                  C(Ct(n[1]), function(n, r) {
                                    if ("JSON_CALLBACK" === n)
                                      throw Dn(
                                        "badjsonp",
                                        'Illegal use of JSON_CALLBACK in url, "{0}"',
                                        t
                                      );
                                    if (r === e)
                                      throw Dn(
                                        "badjsonp",
                                        'Illegal use of callback param, "{0}", in url, "{1}"',
                                        e,
                                        t
                                      );
                                  }),
                                  (t += (-1 === t.indexOf("?") ? "?" : "&") + e + "=JSON_CALLBACK")
                                );
                              })(y, n.jsonpCallbackParam));
                          $.pendingRequests.push(n),
                            f.then(S, S),
                            (!n.cache && !t.cache) ||
                              !1 === n.cache ||
                              ("GET" !== n.method && "JSONP" !== n.method) ||
                              (i = U(n.cache) ? n.cache : U(t.cache) ? t.cache : v);
                          i &&
                            (q((o = i.get(y)))
                              ? Q(o)
                                ? o.then(_, _)
                                : W(o)
                                  ? x(o[1], o[0], Gt(o[2]), o[3], o[4])
                                  : x(o, 200, {}, "OK", "complete")
                              : i.put(y, f));
                          if (V(o)) {
                            var b = m(n.url) ? u()[n.xsrfCookieName || t.xsrfCookieName] : void 0;
                            b && (d[n.xsrfHeaderName || t.xsrfHeaderName] = b),
                              a(
                                n.method,
                                y,
                                r,
                                function(t, n, r, o, a) {
                                  i && (Hn(t) ? i.put(y, [t, n, qn(r), o, a]) : i.remove(y));
                                  function u() {
                                    x(n, t, r, o, a);
                                  }
                                  e ? c.$applyAsync(u) : (u(), c.$$phase || c.$apply());
                                },
                                d,
                                n.timeout,
                                n.withCredentials,
                                n.responseType,
                                w(n.eventHandlers),
                                w(n.uploadEventHandlers)
                              );
                          }
                          return f;
                          function w(t) {
                            if (t) {
                              var n = {};
                              return (
                                C(t, function(t, r) {
                                  n[r] = function(n) {
                                    function r() {
                                      t(n);
                                    }
                                    e ? c.$applyAsync(r) : c.$$phase ? r() : c.$apply(r);
                                  };
                                }),
                                n
                              );
                            }
                          }
                          function x(t, e, r, i, o) {
                            (Hn((e = e >= -1 ? e : 0)) ? s.resolve : s.reject)({
                              data: t,
                              status: e,
                              headers: Un(r),
                              config: n,
                              statusText: i,
                              xhrStatus: o
                            });
                          }
                          function _(t) {
                            x(t.data, t.status, Gt(t.headers()), t.statusText, t.xhrStatus);
                          }
                          function S() {
                            var t = $.pendingRequests.indexOf(n);
                            -1 !== t && $.pendingRequests.splice(t, 1);
                          }
                        })(n, i).then(x, x);
                      })),
                      y
                    )).finally(function() {
                      i.$$completeOutstandingRequest(D, "$http");
                    }))
                  );
                  function w(t, e) {
                    for (var n = 0, r = e.length; n < r; ) {
                      var i = e[n++],
                        o = e[n++];
                      t = t.then(i, o);
                    }
                    return (e.length = 0), t;
                  }
                  function x(t) {
                    var e = O({}, t);
                    return (
                      (e.data = Fn(t.data, t.headers, t.status, r.transformResponse)),
                      Hn(t.status) ? e : l.reject(e)
                    );
                  }
                }
                return (
                  ($.pendingRequests = []),
                  (function(t) {
                    C(arguments, function(t) {
                      $[t] = function(e, n) {
                        return $(O({}, n || {}, { method: t, url: e }));
                      };
                    });
                  })("get", "delete", "head", "jsonp"),
                  (function(t) {
                    C(arguments, function(t) {
                      $[t] = function(e, n, r) {
                        return $(O({}, r || {}, { method: t, url: e, data: n }));
                      };
                    });
                  })("post", "put", "patch"),
                  ($.defaults = t),
                  $
                );
              }
            ];
          }
          function zn() {
            this.$get = function() {
              return function() {
                return new e.XMLHttpRequest();
              };
            };
          }
          function Wn() {
            this.$get = [
              "$browser",
              "$jsonpCallbacks",
              "$document",
              "$xhrFactory",
              function(t, e, n, r) {
                return (function(t, e, n, r, i) {
                  return function(o, a, u, s, c, l, f, p, d, v) {
                    if (((a = a || t.url()), "jsonp" === h(o)))
                      var g = r.createCallback(a),
                        m = (function(t, e, n) {
                          t = t.replace("JSON_CALLBACK", e);
                          var o = i.createElement("script"),
                            a = null;
                          return (
                            (o.type = "text/javascript"),
                            (o.src = t),
                            (o.async = !0),
                            (a = function(t) {
                              o.removeEventListener("load", a),
                                o.removeEventListener("error", a),
                                i.body.removeChild(o),
                                (o = null);
                              var u = -1,
                                s = "unknown";
                              t &&
                                ("load" !== t.type || r.wasCalled(e) || (t = { type: "error" }),
                                (s = t.type),
                                (u = "error" === t.type ? 404 : 200)),
                                n && n(u, s);
                            }),
                            o.addEventListener("load", a),
                            o.addEventListener("error", a),
                            i.body.appendChild(o),
                            a
                          );
                        })(a, g, function(t, e) {
                          var n = 200 === t && r.getResponse(g);
                          x(s, t, n, "", e, "complete"), r.removeCallback(g);
                        });
                    else {
                      var $ = e(o, a),
                        y = !1;
                      $.open(o, a, !0),
                        C(c, function(t, e) {
                          q(t) && $.setRequestHeader(e, t);
                        }),
                        ($.onload = function() {
                          var t = $.statusText || "",
                            e = "response" in $ ? $.response : $.responseText,
                            n = 1223 === $.status ? 204 : $.status;
                          0 === n && (n = e ? 200 : "file" === ci(a).protocol ? 404 : 0),
                            x(s, n, e, $.getAllResponseHeaders(), t, "complete");
                        });
                      if (
                        (($.onerror = function() {
                          x(s, -1, null, null, "", "error");
                        }),
                        ($.ontimeout = function() {
                          x(s, -1, null, null, "", "timeout");
                        }),
                        ($.onabort = function() {
                          x(s, -1, null, null, "", y ? "timeout" : "abort");
                        }),
                        C(d, function(t, e) {
                          $.addEventListener(e, t);
                        }),
                        C(v, function(t, e) {
                          $.upload.addEventListener(e, t);
                        }),
                        f && ($.withCredentials = !0),
                        p)
                      )
                        try {
                          $.responseType = p;
                        } catch (t) {
                          if ("json" !== p) throw t;
                        }
                      $.send(V(u) ? null : u);
                    }
                    if (l > 0)
                      var b = n(function() {
                        w("timeout");
                      }, l);
                    else
                      Q(l) &&
                        l.then(function() {
                          w(q(l.$$timeoutId) ? "timeout" : "abort");
                        });
                    function w(t) {
                      (y = "timeout" === t), m && m(), $ && $.abort();
                    }
                    function x(t, e, r, i, o, a) {
                      q(b) && n.cancel(b), (m = $ = null), t(e, r, i, o, a);
                    }
                  };
                })(t, r, t.defer, e, n[0]);
              }
            ];
          }
          var Gn = (w.$interpolateMinErr = o("$interpolate"));
          function Kn() {
            var t = "{{",
              e = "}}";
            (this.startSymbol = function(e) {
              return e ? ((t = e), this) : t;
            }),
              (this.endSymbol = function(t) {
                return t ? ((e = t), this) : e;
              }),
              (this.$get = [
                "$parse",
                "$exceptionHandler",
                "$sce",
                function(n, r, i) {
                  var o = t.length,
                    a = e.length,
                    u = new RegExp(t.replace(/./g, c), "g"),
                    s = new RegExp(e.replace(/./g, c), "g");
                  function c(t) {
                    return "\\\\\\" + t;
                  }
                  function l(n) {
                    return n.replace(u, t).replace(s, e);
                  }
                  function f(t, e, n, r) {
                    var i = t.$watch(
                      function(t) {
                        return i(), r(t);
                      },
                      e,
                      n
                    );
                    return i;
                  }
                  function p(u, s, c, p) {
                    var h = c === i.URL || c === i.MEDIA_URL;
                    if (!u.length || -1 === u.indexOf(t)) {
                      if (s && !h) return;
                      var d = l(u);
                      h && (d = i.getTrusted(c, d));
                      var v = R(d);
                      return (v.exp = u), (v.expressions = []), (v.$$watchDelegate = f), v;
                    }
                    p = !!p;
                    for (var g, m, $, y, b, w = 0, x = [], _ = u.length, C = [], S = []; w < _; ) {
                      if (-1 === (g = u.indexOf(t, w)) || -1 === (m = u.indexOf(e, g + o))) {
                        w !== _ && C.push(l(u.substring(w)));
                        break;
                      }
                      w !== g && C.push(l(u.substring(w, g))),
                        (y = u.substring(g + o, m)),
                        x.push(y),
                        (w = m + a),
                        S.push(C.length),
                        C.push("");
                    }
                    b = 1 === C.length && 1 === S.length;
                    var E =
                      h && b
                        ? void 0
                        : function(t) {
                            try {
                              return (
                                (t = c && !h ? i.getTrusted(c, t) : i.valueOf(t)),
                                p && !q(t) ? t : Ut(t)
                              );
                            } catch (t) {
                              r(Gn.interr(u, t));
                            }
                          };
                    if (
                      (($ = x.map(function(t) {
                        return n(t, E);
                      })),
                      !s || x.length)
                    ) {
                      var k = function(t) {
                        for (var e = 0, n = x.length; e < n; e++) {
                          if (p && V(t[e])) return;
                          C[S[e]] = t[e];
                        }
                        return h
                          ? i.getTrusted(c, b ? C[0] : C.join(""))
                          : (c && C.length > 1 && Gn.throwNoconcat(u), C.join(""));
                      };
                      return O(
                        function(t) {
                          var e = 0,
                            n = x.length,
                            i = new Array(n);
                          try {
                            for (; e < n; e++) i[e] = $[e](t);
                            return k(i);
                          } catch (t) {
                            r(Gn.interr(u, t));
                          }
                        },
                        {
                          exp: u,
                          expressions: x,
                          $$watchDelegate: function(t, e) {
                            var n;
                            return t.$watchGroup($, function(r, i) {
                              var o = k(r);
                              e.call(this, o, r !== i ? n : o, t), (n = o);
                            });
                          }
                        }
                      );
                    }
                  }
                  return (
                    (p.startSymbol = function() {
                      return t;
                    }),
                    (p.endSymbol = function() {
                      return e;
                    }),
                    p
                  );
                }
              ]);
          }
          (Gn.throwNoconcat = function(t) {
            throw Gn(
              "noconcat",
              "Error while interpolating: {0}\nStrict Contextual Escaping disallows interpolations that concatenate multiple expressions when a trusted value is required.  See http://docs.angularjs.org/api/ng.$sce",
              t
            );
          }),
            (Gn.interr = function(t, e) {
              return Gn("interr", "Can't interpolate: {0}\n{1}", t, e.toString());
            });
          var Jn = o("$interval");
          function Yn() {
            this.$get = [
              "$$intervalFactory",
              "$window",
              function(t, e) {
                var n = {},
                  r = function(t) {
                    e.clearInterval(t), delete n[t];
                  },
                  i = t(function(t, r, i) {
                    var o = e.setInterval(t, r);
                    return (n[o] = i), o;
                  }, r);
                return (
                  (i.cancel = function(t) {
                    if (!t) return !1;
                    if (!t.hasOwnProperty("$$intervalId"))
                      throw Jn(
                        "badprom",
                        "`$interval.cancel()` called with a promise that was not generated by `$interval()`."
                      );
                    if (!n.hasOwnProperty(t.$$intervalId)) return !1;
                    var e = t.$$intervalId,
                      i = n[e];
                    return Fr(i.promise), i.reject("canceled"), r(e), !0;
                  }),
                  i
                );
              }
            ];
          }
          function Zn() {
            this.$get = [
              "$browser",
              "$q",
              "$$q",
              "$rootScope",
              function(t, e, n, r) {
                return function(i, o) {
                  return function(a, u, s, c) {
                    var l = arguments.length > 4,
                      f = l ? ht(arguments, 4) : [],
                      p = 0,
                      h = q(c) && !c,
                      d = (h ? n : e).defer(),
                      v = d.promise;
                    function g() {
                      l ? a.apply(null, f) : a(p);
                    }
                    return (
                      (s = q(s) ? s : 0),
                      (v.$$intervalId = i(
                        function() {
                          h ? t.defer(g) : r.$evalAsync(g),
                            d.notify(p++),
                            s > 0 && p >= s && (d.resolve(p), o(v.$$intervalId)),
                            h || r.$apply();
                        },
                        u,
                        d,
                        h
                      )),
                      v
                    );
                  };
                };
              }
            ];
          }
          var Xn = function() {
              this.$get = function() {
                var t = w.callbacks,
                  e = {};
                return {
                  createCallback: function(n) {
                    var r = "_" + (t.$$counter++).toString(36),
                      i = "angular.callbacks." + r,
                      o = (function(t) {
                        var e = function(t) {
                          (e.data = t), (e.called = !0);
                        };
                        return (e.id = t), e;
                      })(r);
                    return (e[i] = t[r] = o), i;
                  },
                  wasCalled: function(t) {
                    return e[t].called;
                  },
                  getResponse: function(t) {
                    return e[t].data;
                  },
                  removeCallback: function(n) {
                    var r = e[n];
                    delete t[r.id], delete e[n];
                  }
                };
              };
            },
            Qn = /^([^?#]*)(\?([^#]*))?(#(.*))?$/,
            tr = { http: 80, https: 443, ftp: 21 },
            er = o("$location");
          function nr(t, e, n) {
            var r = (function(t) {
                var e = [];
                return (
                  C(t, function(t, n) {
                    W(t)
                      ? C(t, function(t) {
                          e.push(Et(n, !0) + (!0 === t ? "" : "=" + Et(t, !0)));
                        })
                      : e.push(Et(n, !0) + (!0 === t ? "" : "=" + Et(t, !0)));
                  }),
                  e.length ? e.join("&") : ""
                );
              })(e),
              i = n ? "#" + St(n) : "";
            return (
              (function(t) {
                for (var e = t.split("/"), n = e.length; n--; )
                  e[n] = St(e[n].replace(/%2F/g, "/"));
                return e.join("/");
              })(t) +
              (r ? "?" + r : "") +
              i
            );
          }
          function rr(t, e) {
            var n = ci(t);
            (e.$$protocol = n.protocol),
              (e.$$host = n.hostname),
              (e.$$port = N(n.port) || tr[n.protocol] || null);
          }
          var ir = /^\s*[\\/]{2,}/;
          function or(t, e, n) {
            if (ir.test(t)) throw er("badpath", 'Invalid url "{0}".', t);
            var r = "/" !== t.charAt(0);
            r && (t = "/" + t);
            var i = ci(t),
              o = r && "/" === i.pathname.charAt(0) ? i.pathname.substring(1) : i.pathname;
            (e.$$path = (function(t, e) {
              for (var n = t.split("/"), r = n.length; r--; )
                (n[r] = decodeURIComponent(n[r])), e && (n[r] = n[r].replace(/\//g, "%2F"));
              return n.join("/");
            })(o, n)),
              (e.$$search = Ct(i.search)),
              (e.$$hash = decodeURIComponent(i.hash)),
              e.$$path && "/" !== e.$$path.charAt(0) && (e.$$path = "/" + e.$$path);
          }
          function ar(t, e) {
            return t.slice(0, e.length) === e;
          }
          function ur(t, e) {
            if (ar(e, t)) return e.substr(t.length);
          }
          function sr(t) {
            var e = t.indexOf("#");
            return -1 === e ? t : t.substr(0, e);
          }
          function cr(t, e, n) {
            (this.$$html5 = !0),
              (n = n || ""),
              rr(t, this),
              (this.$$parse = function(t) {
                var n = ur(e, t);
                if (!H(n))
                  throw er("ipthprfx", 'Invalid url "{0}", missing path prefix "{1}".', t, e);
                or(n, this, !0), this.$$path || (this.$$path = "/"), this.$$compose();
              }),
              (this.$$normalizeUrl = function(t) {
                return e + t.substr(1);
              }),
              (this.$$parseLinkUrl = function(r, i) {
                return i && "#" === i[0]
                  ? (this.hash(i.slice(1)), !0)
                  : (q((o = ur(t, r)))
                      ? ((a = o), (u = n && q((o = ur(n, o))) ? e + (ur("/", o) || o) : t + a))
                      : q((o = ur(e, r)))
                        ? (u = e + o)
                        : e === r + "/" && (u = e),
                    u && this.$$parse(u),
                    !!u);
                var o, a, u;
              });
          }
          function lr(t, e, n) {
            rr(t, this),
              (this.$$parse = function(r) {
                var i,
                  o = ur(t, r) || ur(e, r);
                V(o) || "#" !== o.charAt(0)
                  ? this.$$html5
                    ? (i = o)
                    : ((i = ""), V(o) && ((t = r), this.replace()))
                  : V((i = ur(n, o))) && (i = o),
                  or(i, this, !1),
                  (this.$$path = (function(t, e, n) {
                    var r,
                      i = /^\/[A-Z]:(\/.*)/;
                    ar(e, n) && (e = e.replace(n, ""));
                    if (i.exec(e)) return t;
                    return (r = i.exec(t)) ? r[1] : t;
                  })(this.$$path, i, t)),
                  this.$$compose();
              }),
              (this.$$normalizeUrl = function(e) {
                return t + (e ? n + e : "");
              }),
              (this.$$parseLinkUrl = function(e, n) {
                return sr(t) === sr(e) && (this.$$parse(e), !0);
              });
          }
          function fr(t, e, n) {
            (this.$$html5 = !0),
              lr.apply(this, arguments),
              (this.$$parseLinkUrl = function(r, i) {
                return i && "#" === i[0]
                  ? (this.hash(i.slice(1)), !0)
                  : (t === sr(r)
                      ? (o = r)
                      : (a = ur(e, r))
                        ? (o = t + n + a)
                        : e === r + "/" && (o = e),
                    o && this.$$parse(o),
                    !!o);
                var o, a;
              }),
              (this.$$normalizeUrl = function(e) {
                return t + n + e;
              });
          }
          var pr = {
            $$absUrl: "",
            $$html5: !1,
            $$replace: !1,
            $$compose: function() {
              (this.$$url = nr(this.$$path, this.$$search, this.$$hash)),
                (this.$$absUrl = this.$$normalizeUrl(this.$$url)),
                (this.$$urlUpdatedByLocation = !0);
            },
            absUrl: hr("$$absUrl"),
            url: function(t) {
              if (V(t)) return this.$$url;
              var e = Qn.exec(t);
              return (
                (e[1] || "" === t) && this.path(decodeURIComponent(e[1])),
                (e[2] || e[1] || "" === t) && this.search(e[3] || ""),
                this.hash(e[5] || ""),
                this
              );
            },
            protocol: hr("$$protocol"),
            host: hr("$$host"),
            port: hr("$$port"),
            path: dr("$$path", function(t) {
              return "/" === (t = null !== t ? t.toString() : "").charAt(0) ? t : "/" + t;
            }),
            search: function(t, e) {
              switch (arguments.length) {
                case 0:
                  return this.$$search;
                case 1:
                  if (H(t) || B(t)) (t = t.toString()), (this.$$search = Ct(t));
                  else {
                    if (!U(t))
                      throw er(
                        "isrcharg",
                        "The first argument of the `$location#search()` call must be a string or an object."
                      );
                    C((t = ut(t, {})), function(e, n) {
                      null == e && delete t[n];
                    }),
                      (this.$$search = t);
                  }
                  break;
                default:
                  V(e) || null === e ? delete this.$$search[t] : (this.$$search[t] = e);
              }
              return this.$$compose(), this;
            },
            hash: dr("$$hash", function(t) {
              return null !== t ? t.toString() : "";
            }),
            replace: function() {
              return (this.$$replace = !0), this;
            }
          };
          function hr(t) {
            return function() {
              return this[t];
            };
          }
          function dr(t, e) {
            return function(n) {
              return V(n) ? this[t] : ((this[t] = e(n)), this.$$compose(), this);
            };
          }
          function vr() {
            var t = "!",
              e = { enabled: !1, requireBase: !0, rewriteLinks: !0 };
            (this.hashPrefix = function(e) {
              return q(e) ? ((t = e), this) : t;
            }),
              (this.html5Mode = function(t) {
                return X(t)
                  ? ((e.enabled = t), this)
                  : U(t)
                    ? (X(t.enabled) && (e.enabled = t.enabled),
                      X(t.requireBase) && (e.requireBase = t.requireBase),
                      (X(t.rewriteLinks) || H(t.rewriteLinks)) && (e.rewriteLinks = t.rewriteLinks),
                      this)
                    : e;
              }),
              (this.$get = [
                "$rootScope",
                "$browser",
                "$sniffer",
                "$rootElement",
                "$window",
                function(n, r, i, o, a) {
                  var s,
                    c,
                    l,
                    f = r.baseHref(),
                    p = r.url();
                  if (e.enabled) {
                    if (!f && e.requireBase)
                      throw er(
                        "nobase",
                        "$location in HTML5 mode requires a <base> tag to be present!"
                      );
                    (l =
                      (function(t) {
                        return t.substring(0, t.indexOf("/", t.indexOf("//") + 2));
                      })(p) + (f || "/")),
                      (c = i.history ? cr : fr);
                  } else (l = sr(p)), (c = lr);
                  var h = (function(t) {
                    return t.substr(0, sr(t).lastIndexOf("/") + 1);
                  })(l);
                  (s = new c(l, h, "#" + t)).$$parseLinkUrl(p, p), (s.$$state = r.state());
                  var d = /^\s*(javascript|mailto):/i;
                  function v(t, e, n) {
                    var i = s.url(),
                      o = s.$$state;
                    try {
                      r.url(t, e, n), (s.$$state = r.state());
                    } catch (t) {
                      throw (s.url(i), (s.$$state = o), t);
                    }
                  }
                  o.on("click", function(t) {
                    var i = e.rewriteLinks;
                    if (
                      i &&
                      !t.ctrlKey &&
                      !t.metaKey &&
                      !t.shiftKey &&
                      2 !== t.which &&
                      2 !== t.button
                    ) {
                      for (var a = u(t.target); "a" !== it(a[0]); )
                        if (a[0] === o[0] || !(a = a.parent())[0]) return;
                      if (!H(i) || !V(a.attr(i))) {
                        var c = a.prop("href"),
                          l = a.attr("href") || a.attr("xlink:href");
                        U(c) &&
                          "[object SVGAnimatedString]" === c.toString() &&
                          (c = ci(c.animVal).href),
                          d.test(c) ||
                            !c ||
                            a.attr("target") ||
                            t.isDefaultPrevented() ||
                            (s.$$parseLinkUrl(c, l) &&
                              (t.preventDefault(), s.absUrl() !== r.url() && n.$apply()));
                      }
                    }
                  }),
                    s.absUrl() !== p && r.url(s.absUrl(), !0);
                  var g = !0;
                  return (
                    r.onUrlChange(function(t, e) {
                      ar(t, h)
                        ? (n.$evalAsync(function() {
                            var r,
                              i = s.absUrl(),
                              o = s.$$state;
                            s.$$parse(t),
                              (s.$$state = e),
                              (r = n.$broadcast("$locationChangeStart", t, i, e, o)
                                .defaultPrevented),
                              s.absUrl() === t &&
                                (r
                                  ? (s.$$parse(i), (s.$$state = o), v(i, !1, o))
                                  : ((g = !1), m(i, o)));
                          }),
                          n.$$phase || n.$digest())
                        : (a.location.href = t);
                    }),
                    n.$watch(function() {
                      if (g || s.$$urlUpdatedByLocation) {
                        s.$$urlUpdatedByLocation = !1;
                        var t = r.url(),
                          e = s.absUrl(),
                          o = r.state(),
                          a = s.$$replace,
                          u =
                            !(function(t, e) {
                              return t === e || ci(t).href === ci(e).href;
                            })(t, e) ||
                            (s.$$html5 && i.history && o !== s.$$state);
                        (g || u) &&
                          ((g = !1),
                          n.$evalAsync(function() {
                            var e = s.absUrl(),
                              r = n.$broadcast("$locationChangeStart", e, t, s.$$state, o)
                                .defaultPrevented;
                            s.absUrl() === e &&
                              (r
                                ? (s.$$parse(t), (s.$$state = o))
                                : (u && v(e, a, o === s.$$state ? null : s.$$state), m(t, o)));
                          }));
                      }
                      s.$$replace = !1;
                    }),
                    s
                  );
                  function m(t, e) {
                    n.$broadcast("$locationChangeSuccess", s.absUrl(), t, s.$$state, e);
                  }
                }
              ]);
          }
          function gr() {
            var t = !0,
              e = this;
            (this.debugEnabled = function(e) {
              return q(e) ? ((t = e), this) : t;
            }),
              (this.$get = [
                "$window",
                function(n) {
                  var r = a || /\bEdge\//.test(n.navigator && n.navigator.userAgent);
                  return {
                    log: i("log"),
                    info: i("info"),
                    warn: i("warn"),
                    error: i("error"),
                    debug: (function() {
                      var n = i("debug");
                      return function() {
                        t && n.apply(e, arguments);
                      };
                    })()
                  };
                  function i(t) {
                    var e = n.console || {},
                      i = e[t] || e.log || D;
                    return function() {
                      var t = [];
                      return (
                        C(arguments, function(e) {
                          t.push(
                            (function(t) {
                              return (
                                G(t) &&
                                  (t.stack && r
                                    ? (t =
                                        t.message && -1 === t.stack.indexOf(t.message)
                                          ? "Error: " + t.message + "\n" + t.stack
                                          : t.stack)
                                    : t.sourceURL &&
                                      (t = t.message + "\n" + t.sourceURL + ":" + t.line)),
                                t
                              );
                            })(e)
                          );
                        }),
                        Function.prototype.apply.call(i, e, t)
                      );
                    };
                  }
                }
              ]);
          }
          C([fr, lr, cr], function(t) {
            (t.prototype = Object.create(pr)),
              (t.prototype.state = function(e) {
                if (!arguments.length) return this.$$state;
                if (t !== cr || !this.$$html5)
                  throw er(
                    "nostate",
                    "History API state support is available only in HTML5 mode and only in browsers supporting HTML5 History API"
                  );
                return (this.$$state = V(e) ? null : e), (this.$$urlUpdatedByLocation = !0), this;
              });
          });
          var mr = o("$parse"),
            $r = {}.constructor.prototype.valueOf;
          function yr(t) {
            return t + "";
          }
          var br = qt();
          C("+ - * / % === !== == != < > <= >= && || ! = |".split(" "), function(t) {
            br[t] = !0;
          });
          var wr = { n: "\n", f: "\f", r: "\r", t: "\t", v: "\v", "'": "'", '"': '"' },
            xr = function(t) {
              this.options = t;
            };
          xr.prototype = {
            constructor: xr,
            lex: function(t) {
              for (
                this.text = t, this.index = 0, this.tokens = [];
                this.index < this.text.length;

              ) {
                var e = this.text.charAt(this.index);
                if ('"' === e || "'" === e) this.readString(e);
                else if (this.isNumber(e) || ("." === e && this.isNumber(this.peek())))
                  this.readNumber();
                else if (this.isIdentifierStart(this.peekMultichar())) this.readIdent();
                else if (this.is(e, "(){}[].,;:?"))
                  this.tokens.push({ index: this.index, text: e }), this.index++;
                else if (this.isWhitespace(e)) this.index++;
                else {
                  var n = e + this.peek(),
                    r = n + this.peek(2),
                    i = br[e],
                    o = br[n],
                    a = br[r];
                  if (i || o || a) {
                    var u = a ? r : o ? n : e;
                    this.tokens.push({ index: this.index, text: u, operator: !0 }),
                      (this.index += u.length);
                  } else this.throwError("Unexpected next character ", this.index, this.index + 1);
                }
              }
              return this.tokens;
            },
            is: function(t, e) {
              return -1 !== e.indexOf(t);
            },
            peek: function(t) {
              var e = t || 1;
              return this.index + e < this.text.length && this.text.charAt(this.index + e);
            },
            isNumber: function(t) {
              return "0" <= t && t <= "9" && "string" == typeof t;
            },
            isWhitespace: function(t) {
              return " " === t || "\r" === t || "\t" === t || "\n" === t || "\v" === t || " " === t;
            },
            isIdentifierStart: function(t) {
              return this.options.isIdentifierStart
                ? this.options.isIdentifierStart(t, this.codePointAt(t))
                : this.isValidIdentifierStart(t);
            },
            isValidIdentifierStart: function(t) {
              return ("a" <= t && t <= "z") || ("A" <= t && t <= "Z") || "_" === t || "$" === t;
            },
            isIdentifierContinue: function(t) {
              return this.options.isIdentifierContinue
                ? this.options.isIdentifierContinue(t, this.codePointAt(t))
                : this.isValidIdentifierContinue(t);
            },
            isValidIdentifierContinue: function(t, e) {
              return this.isValidIdentifierStart(t, e) || this.isNumber(t);
            },
            codePointAt: function(t) {
              return 1 === t.length
                ? t.charCodeAt(0)
                : (t.charCodeAt(0) << 10) + t.charCodeAt(1) - 56613888;
            },
            peekMultichar: function() {
              var t = this.text.charAt(this.index),
                e = this.peek();
              if (!e) return t;
              var n = t.charCodeAt(0),
                r = e.charCodeAt(0);
              return n >= 55296 && n <= 56319 && r >= 56320 && r <= 57343 ? t + e : t;
            },
            isExpOperator: function(t) {
              return "-" === t || "+" === t || this.isNumber(t);
            },
            throwError: function(t, e, n) {
              n = n || this.index;
              var r = q(e)
                ? "s " + e + "-" + this.index + " [" + this.text.substring(e, n) + "]"
                : " " + n;
              throw mr(
                "lexerr",
                "Lexer Error: {0} at column{1} in expression [{2}].",
                t,
                r,
                this.text
              );
            },
            readNumber: function() {
              for (var t = "", e = this.index; this.index < this.text.length; ) {
                var n = h(this.text.charAt(this.index));
                if ("." === n || this.isNumber(n)) t += n;
                else {
                  var r = this.peek();
                  if ("e" === n && this.isExpOperator(r)) t += n;
                  else if (
                    this.isExpOperator(n) &&
                    r &&
                    this.isNumber(r) &&
                    "e" === t.charAt(t.length - 1)
                  )
                    t += n;
                  else {
                    if (
                      !this.isExpOperator(n) ||
                      (r && this.isNumber(r)) ||
                      "e" !== t.charAt(t.length - 1)
                    )
                      break;
                    this.throwError("Invalid exponent");
                  }
                }
                this.index++;
              }
              this.tokens.push({ index: e, text: t, constant: !0, value: Number(t) });
            },
            readIdent: function() {
              var t = this.index;
              for (this.index += this.peekMultichar().length; this.index < this.text.length; ) {
                var e = this.peekMultichar();
                if (!this.isIdentifierContinue(e)) break;
                this.index += e.length;
              }
              this.tokens.push({ index: t, text: this.text.slice(t, this.index), identifier: !0 });
            },
            readString: function(t) {
              var e = this.index;
              this.index++;
              for (var n = "", r = t, i = !1; this.index < this.text.length; ) {
                var o = this.text.charAt(this.index);
                if (((r += o), i)) {
                  if ("u" === o) {
                    var a = this.text.substring(this.index + 1, this.index + 5);
                    a.match(/[\da-f]{4}/i) ||
                      this.throwError("Invalid unicode escape [\\u" + a + "]"),
                      (this.index += 4),
                      (n += String.fromCharCode(parseInt(a, 16)));
                  } else {
                    n += wr[o] || o;
                  }
                  i = !1;
                } else if ("\\" === o) i = !0;
                else {
                  if (o === t)
                    return (
                      this.index++,
                      void this.tokens.push({ index: e, text: r, constant: !0, value: n })
                    );
                  n += o;
                }
                this.index++;
              }
              this.throwError("Unterminated quote", e);
            }
          };
          var _r = function(t, e) {
            (this.lexer = t), (this.options = e);
          };
          function Cr(t, e) {
            return void 0 !== t ? t : e;
          }
          function Sr(t, e) {
            return void 0 === t ? e : void 0 === e ? t : t + e;
          }
          (_r.Program = "Program"),
            (_r.ExpressionStatement = "ExpressionStatement"),
            (_r.AssignmentExpression = "AssignmentExpression"),
            (_r.ConditionalExpression = "ConditionalExpression"),
            (_r.LogicalExpression = "LogicalExpression"),
            (_r.BinaryExpression = "BinaryExpression"),
            (_r.UnaryExpression = "UnaryExpression"),
            (_r.CallExpression = "CallExpression"),
            (_r.MemberExpression = "MemberExpression"),
            (_r.Identifier = "Identifier"),
            (_r.Literal = "Literal"),
            (_r.ArrayExpression = "ArrayExpression"),
            (_r.Property = "Property"),
            (_r.ObjectExpression = "ObjectExpression"),
            (_r.ThisExpression = "ThisExpression"),
            (_r.LocalsExpression = "LocalsExpression"),
            (_r.NGValueParameter = "NGValueParameter"),
            (_r.prototype = {
              ast: function(t) {
                (this.text = t), (this.tokens = this.lexer.lex(t));
                var e = this.program();
                return (
                  0 !== this.tokens.length &&
                    this.throwError("is an unexpected token", this.tokens[0]),
                  e
                );
              },
              program: function() {
                for (var t = []; ; )
                  if (
                    (this.tokens.length > 0 &&
                      !this.peek("}", ")", ";", "]") &&
                      t.push(this.expressionStatement()),
                    !this.expect(";"))
                  )
                    return { type: _r.Program, body: t };
              },
              expressionStatement: function() {
                return { type: _r.ExpressionStatement, expression: this.filterChain() };
              },
              filterChain: function() {
                for (var t = this.expression(); this.expect("|"); ) t = this.filter(t);
                return t;
              },
              expression: function() {
                return this.assignment();
              },
              assignment: function() {
                var t = this.ternary();
                if (this.expect("=")) {
                  if (!Or(t)) throw mr("lval", "Trying to assign a value to a non l-value");
                  t = {
                    type: _r.AssignmentExpression,
                    left: t,
                    right: this.assignment(),
                    operator: "="
                  };
                }
                return t;
              },
              ternary: function() {
                var t,
                  e,
                  n = this.logicalOR();
                return this.expect("?") && ((t = this.expression()), this.consume(":"))
                  ? ((e = this.expression()),
                    { type: _r.ConditionalExpression, test: n, alternate: t, consequent: e })
                  : n;
              },
              logicalOR: function() {
                for (var t = this.logicalAND(); this.expect("||"); )
                  t = {
                    type: _r.LogicalExpression,
                    operator: "||",
                    left: t,
                    right: this.logicalAND()
                  };
                return t;
              },
              logicalAND: function() {
                for (var t = this.equality(); this.expect("&&"); )
                  t = {
                    type: _r.LogicalExpression,
                    operator: "&&",
                    left: t,
                    right: this.equality()
                  };
                return t;
              },
              equality: function() {
                for (var t, e = this.relational(); (t = this.expect("==", "!=", "===", "!==")); )
                  e = {
                    type: _r.BinaryExpression,
                    operator: t.text,
                    left: e,
                    right: this.relational()
                  };
                return e;
              },
              relational: function() {
                for (var t, e = this.additive(); (t = this.expect("<", ">", "<=", ">=")); )
                  e = {
                    type: _r.BinaryExpression,
                    operator: t.text,
                    left: e,
                    right: this.additive()
                  };
                return e;
              },
              additive: function() {
                for (var t, e = this.multiplicative(); (t = this.expect("+", "-")); )
                  e = {
                    type: _r.BinaryExpression,
                    operator: t.text,
                    left: e,
                    right: this.multiplicative()
                  };
                return e;
              },
              multiplicative: function() {
                for (var t, e = this.unary(); (t = this.expect("*", "/", "%")); )
                  e = { type: _r.BinaryExpression, operator: t.text, left: e, right: this.unary() };
                return e;
              },
              unary: function() {
                var t;
                return (t = this.expect("+", "-", "!"))
                  ? {
                      type: _r.UnaryExpression,
                      operator: t.text,
                      prefix: !0,
                      argument: this.unary()
                    }
                  : this.primary();
              },
              primary: function() {
                var t, e;
                for (
                  this.expect("(")
                    ? ((t = this.filterChain()), this.consume(")"))
                    : this.expect("[")
                      ? (t = this.arrayDeclaration())
                      : this.expect("{")
                        ? (t = this.object())
                        : this.selfReferential.hasOwnProperty(this.peek().text)
                          ? (t = ut(this.selfReferential[this.consume().text]))
                          : this.options.literals.hasOwnProperty(this.peek().text)
                            ? (t = {
                                type: _r.Literal,
                                value: this.options.literals[this.consume().text]
                              })
                            : this.peek().identifier
                              ? (t = this.identifier())
                              : this.peek().constant
                                ? (t = this.constant())
                                : this.throwError("not a primary expression", this.peek());
                  (e = this.expect("(", "[", "."));

                )
                  "(" === e.text
                    ? ((t = {
                        type: _r.CallExpression,
                        callee: t,
                        arguments: this.parseArguments()
                      }),
                      this.consume(")"))
                    : "[" === e.text
                      ? ((t = {
                          type: _r.MemberExpression,
                          object: t,
                          property: this.expression(),
                          computed: !0
                        }),
                        this.consume("]"))
                      : "." === e.text
                        ? (t = {
                            type: _r.MemberExpression,
                            object: t,
                            property: this.identifier(),
                            computed: !1
                          })
                        : this.throwError("IMPOSSIBLE");
                return t;
              },
              filter: function(t) {
                for (
                  var e = [t],
                    n = {
                      type: _r.CallExpression,
                      callee: this.identifier(),
                      arguments: e,
                      filter: !0
                    };
                  this.expect(":");

                )
                  e.push(this.expression());
                return n;
              },
              parseArguments: function() {
                var t = [];
                if (")" !== this.peekToken().text)
                  do {
                    t.push(this.filterChain());
                  } while (this.expect(","));
                return t;
              },
              identifier: function() {
                var t = this.consume();
                return (
                  t.identifier || this.throwError("is not a valid identifier", t),
                  { type: _r.Identifier, name: t.text }
                );
              },
              constant: function() {
                return { type: _r.Literal, value: this.consume().value };
              },
              arrayDeclaration: function() {
                var t = [];
                if ("]" !== this.peekToken().text)
                  do {
                    if (this.peek("]")) break;
                    t.push(this.expression());
                  } while (this.expect(","));
                return this.consume("]"), { type: _r.ArrayExpression, elements: t };
              },
              object: function() {
                var t,
                  e = [];
                if ("}" !== this.peekToken().text)
                  do {
                    if (this.peek("}")) break;
                    (t = { type: _r.Property, kind: "init" }),
                      this.peek().constant
                        ? ((t.key = this.constant()),
                          (t.computed = !1),
                          this.consume(":"),
                          (t.value = this.expression()))
                        : this.peek().identifier
                          ? ((t.key = this.identifier()),
                            (t.computed = !1),
                            this.peek(":")
                              ? (this.consume(":"), (t.value = this.expression()))
                              : (t.value = t.key))
                          : this.peek("[")
                            ? (this.consume("["),
                              (t.key = this.expression()),
                              this.consume("]"),
                              (t.computed = !0),
                              this.consume(":"),
                              (t.value = this.expression()))
                            : this.throwError("invalid key", this.peek()),
                      e.push(t);
                  } while (this.expect(","));
                return this.consume("}"), { type: _r.ObjectExpression, properties: e };
              },
              throwError: function(t, e) {
                throw mr(
                  "syntax",
                  "Syntax Error: Token '{0}' {1} at column {2} of the expression [{3}] starting at [{4}].",
                  e.text,
                  t,
                  e.index + 1,
                  this.text,
                  this.text.substring(e.index)
                );
              },
              consume: function(t) {
                if (0 === this.tokens.length)
                  throw mr("ueoe", "Unexpected end of expression: {0}", this.text);
                var e = this.expect(t);
                return e || this.throwError("is unexpected, expecting [" + t + "]", this.peek()), e;
              },
              peekToken: function() {
                if (0 === this.tokens.length)
                  throw mr("ueoe", "Unexpected end of expression: {0}", this.text);
                return this.tokens[0];
              },
              peek: function(t, e, n, r) {
                return this.peekAhead(0, t, e, n, r);
              },
              peekAhead: function(t, e, n, r, i) {
                if (this.tokens.length > t) {
                  var o = this.tokens[t],
                    a = o.text;
                  if (a === e || a === n || a === r || a === i || (!e && !n && !r && !i)) return o;
                }
                return !1;
              },
              expect: function(t, e, n, r) {
                var i = this.peek(t, e, n, r);
                return !!i && (this.tokens.shift(), i);
              },
              selfReferential: {
                this: { type: _r.ThisExpression },
                $locals: { type: _r.LocalsExpression }
              }
            });
          var Er = 1,
            kr = 2;
          function Ar(t, e, n) {
            var r,
              i,
              o,
              a = (t.isPure = (function(t, e) {
                switch (t.type) {
                  case _r.MemberExpression:
                    if (t.computed) return !1;
                    break;
                  case _r.UnaryExpression:
                    return Er;
                  case _r.BinaryExpression:
                    return "+" !== t.operator && Er;
                  case _r.CallExpression:
                    return !1;
                }
                return void 0 === e ? kr : e;
              })(t, n));
            switch (t.type) {
              case _r.Program:
                (r = !0),
                  C(t.body, function(t) {
                    Ar(t.expression, e, a), (r = r && t.expression.constant);
                  }),
                  (t.constant = r);
                break;
              case _r.Literal:
                (t.constant = !0), (t.toWatch = []);
                break;
              case _r.UnaryExpression:
                Ar(t.argument, e, a),
                  (t.constant = t.argument.constant),
                  (t.toWatch = t.argument.toWatch);
                break;
              case _r.BinaryExpression:
                Ar(t.left, e, a),
                  Ar(t.right, e, a),
                  (t.constant = t.left.constant && t.right.constant),
                  (t.toWatch = t.left.toWatch.concat(t.right.toWatch));
                break;
              case _r.LogicalExpression:
                Ar(t.left, e, a),
                  Ar(t.right, e, a),
                  (t.constant = t.left.constant && t.right.constant),
                  (t.toWatch = t.constant ? [] : [t]);
                break;
              case _r.ConditionalExpression:
                Ar(t.test, e, a),
                  Ar(t.alternate, e, a),
                  Ar(t.consequent, e, a),
                  (t.constant = t.test.constant && t.alternate.constant && t.consequent.constant),
                  (t.toWatch = t.constant ? [] : [t]);
                break;
              case _r.Identifier:
                (t.constant = !1), (t.toWatch = [t]);
                break;
              case _r.MemberExpression:
                Ar(t.object, e, a),
                  t.computed && Ar(t.property, e, a),
                  (t.constant = t.object.constant && (!t.computed || t.property.constant)),
                  (t.toWatch = t.constant ? [] : [t]);
                break;
              case _r.CallExpression:
                (o =
                  !!t.filter &&
                  (function(t, e) {
                    return !t(e).$stateful;
                  })(e, t.callee.name)),
                  (r = o),
                  (i = []),
                  C(t.arguments, function(t) {
                    Ar(t, e, a), (r = r && t.constant), i.push.apply(i, t.toWatch);
                  }),
                  (t.constant = r),
                  (t.toWatch = o ? i : [t]);
                break;
              case _r.AssignmentExpression:
                Ar(t.left, e, a),
                  Ar(t.right, e, a),
                  (t.constant = t.left.constant && t.right.constant),
                  (t.toWatch = [t]);
                break;
              case _r.ArrayExpression:
                (r = !0),
                  (i = []),
                  C(t.elements, function(t) {
                    Ar(t, e, a), (r = r && t.constant), i.push.apply(i, t.toWatch);
                  }),
                  (t.constant = r),
                  (t.toWatch = i);
                break;
              case _r.ObjectExpression:
                (r = !0),
                  (i = []),
                  C(t.properties, function(t) {
                    Ar(t.value, e, a),
                      (r = r && t.value.constant),
                      i.push.apply(i, t.value.toWatch),
                      t.computed &&
                        (Ar(t.key, e, !1),
                        (r = r && t.key.constant),
                        i.push.apply(i, t.key.toWatch));
                  }),
                  (t.constant = r),
                  (t.toWatch = i);
                break;
              case _r.ThisExpression:
              case _r.LocalsExpression:
                (t.constant = !1), (t.toWatch = []);
            }
          }
          function Tr(t) {
            if (1 === t.length) {
              var e = t[0].expression,
                n = e.toWatch;
              return 1 !== n.length ? n : n[0] !== e ? n : void 0;
            }
          }
          function Or(t) {
            return t.type === _r.Identifier || t.type === _r.MemberExpression;
          }
          function jr(t) {
            if (1 === t.body.length && Or(t.body[0].expression))
              return {
                type: _r.AssignmentExpression,
                left: t.body[0].expression,
                right: { type: _r.NGValueParameter },
                operator: "="
              };
          }
          function Nr(t) {
            this.$filter = t;
          }
          function Mr(t) {
            this.$filter = t;
          }
          function Lr(t, e, n) {
            (this.ast = new _r(t, n)), (this.astCompiler = n.csp ? new Mr(e) : new Nr(e));
          }
          function Dr(t) {
            return K(t.valueOf) ? t.valueOf() : $r.call(t);
          }
          function Ir() {
            var t,
              e,
              n = qt(),
              r = { true: !0, false: !1, null: null, undefined: void 0 };
            (this.addLiteral = function(t, e) {
              r[t] = e;
            }),
              (this.setIdentifierFns = function(n, r) {
                return (t = n), (e = r), this;
              }),
              (this.$get = [
                "$filter",
                function(i) {
                  var o = {
                    csp: lt().noUnsafeEval,
                    literals: ut(r),
                    isIdentifierStart: K(t) && t,
                    isIdentifierContinue: K(e) && e
                  };
                  return (
                    (a.$$getAst = function(t) {
                      return new Lr(new xr(o), i, o).getAst(t).ast;
                    }),
                    a
                  );
                  function a(t, e) {
                    var r, a;
                    switch (typeof t) {
                      case "string":
                        if (((t = t.trim()), !(r = n[(a = t)])))
                          (r = new Lr(new xr(o), i, o).parse(t)), (n[a] = p(r));
                        return h(r, e);
                      case "function":
                        return h(t, e);
                      default:
                        return h(D, e);
                    }
                  }
                  function u(t, e, n) {
                    return null == t || null == e
                      ? t === e
                      : !("object" == typeof t && "object" == typeof (t = Dr(t)) && !n) &&
                          (t === e || (t != t && e != e));
                  }
                  function s(t, e, n, r, i) {
                    var o,
                      a = r.inputs;
                    if (1 === a.length) {
                      var s = u;
                      return (
                        (a = a[0]),
                        t.$watch(
                          function(t) {
                            var e = a(t);
                            return (
                              u(e, s, a.isPure) ||
                                ((o = r(t, void 0, void 0, [e])), (s = e && Dr(e))),
                              o
                            );
                          },
                          e,
                          n,
                          i
                        )
                      );
                    }
                    for (var c = [], l = [], f = 0, p = a.length; f < p; f++)
                      (c[f] = u), (l[f] = null);
                    return t.$watch(
                      function(t) {
                        for (var e = !1, n = 0, i = a.length; n < i; n++) {
                          var s = a[n](t);
                          (e || (e = !u(s, c[n], a[n].isPure))) &&
                            ((l[n] = s), (c[n] = s && Dr(s)));
                        }
                        return e && (o = r(t, void 0, void 0, l)), o;
                      },
                      e,
                      n,
                      i
                    );
                  }
                  function c(t, e, n, r, i) {
                    var o,
                      a,
                      u = r.literal ? l : q,
                      s = r.$$intercepted || r,
                      c = r.$$interceptor || I,
                      f = r.inputs && !s.inputs;
                    return (
                      (d.literal = r.literal),
                      (d.constant = r.constant),
                      (d.inputs = r.inputs),
                      p(d),
                      (o = t.$watch(d, e, n, i))
                    );
                    function h() {
                      u(a) && o();
                    }
                    function d(t, e, n, r) {
                      return (a = f && r ? r[0] : s(t, e, n, r)), u(a) && t.$$postDigest(h), c(a);
                    }
                  }
                  function l(t) {
                    var e = !0;
                    return (
                      C(t, function(t) {
                        q(t) || (e = !1);
                      }),
                      e
                    );
                  }
                  function f(t, e, n, r) {
                    var i = t.$watch(
                      function(t) {
                        return i(), r(t);
                      },
                      e,
                      n
                    );
                    return i;
                  }
                  function p(t) {
                    return (
                      t.constant
                        ? (t.$$watchDelegate = f)
                        : t.oneTime
                          ? (t.$$watchDelegate = c)
                          : t.inputs && (t.$$watchDelegate = s),
                      t
                    );
                  }
                  function h(t, e) {
                    if (!e) return t;
                    t.$$interceptor &&
                      ((e = (function(t, e) {
                        function n(n) {
                          return e(t(n));
                        }
                        return (
                          (n.$stateful = t.$stateful || e.$stateful),
                          (n.$$pure = t.$$pure && e.$$pure),
                          n
                        );
                      })(t.$$interceptor, e)),
                      (t = t.$$intercepted));
                    var n = !1,
                      r = function(r, i, o, a) {
                        var u = n && a ? a[0] : t(r, i, o, a);
                        return e(u);
                      };
                    return (
                      (r.$$intercepted = t),
                      (r.$$interceptor = e),
                      (r.literal = t.literal),
                      (r.oneTime = t.oneTime),
                      (r.constant = t.constant),
                      e.$stateful ||
                        ((n = !t.inputs),
                        (r.inputs = t.inputs ? t.inputs : [t]),
                        e.$$pure ||
                          (r.inputs = r.inputs.map(function(t) {
                            return t.isPure === kr
                              ? function(e) {
                                  return t(e);
                                }
                              : t;
                          }))),
                      p(r)
                    );
                  }
                }
              ]);
          }
          function Rr() {
            var t = !0;
            (this.$get = [
              "$rootScope",
              "$exceptionHandler",
              function(e, n) {
                return Vr(
                  function(t) {
                    e.$evalAsync(t);
                  },
                  n,
                  t
                );
              }
            ]),
              (this.errorOnUnhandledRejections = function(e) {
                return q(e) ? ((t = e), this) : t;
              });
          }
          function Pr() {
            var t = !0;
            (this.$get = [
              "$browser",
              "$exceptionHandler",
              function(e, n) {
                return Vr(
                  function(t) {
                    e.defer(t);
                  },
                  n,
                  t
                );
              }
            ]),
              (this.errorOnUnhandledRejections = function(e) {
                return q(e) ? ((t = e), this) : t;
              });
          }
          function Vr(t, e, n) {
            var r = o("$q", TypeError),
              i = 0,
              a = [];
            function u() {
              return new function() {
                var t = (this.promise = new s());
                (this.resolve = function(e) {
                  f(t, e);
                }),
                  (this.reject = function(e) {
                    p(t, e);
                  }),
                  (this.notify = function(e) {
                    d(t, e);
                  });
              }();
            }
            function s() {
              this.$$state = { status: 0 };
            }
            function c() {
              for (; !i && a.length; ) {
                var t = a.shift();
                if (!qr(t)) {
                  Ur(t);
                  var n = "Possibly unhandled rejection: " + Kt(t.value);
                  G(t.value) ? e(t.value, n) : e(n);
                }
              }
            }
            function l(r) {
              !n ||
                r.pending ||
                2 !== r.status ||
                qr(r) ||
                (0 === i && 0 === a.length && t(c), a.push(r)),
                !r.processScheduled &&
                  r.pending &&
                  ((r.processScheduled = !0),
                  ++i,
                  t(function() {
                    !(function(r) {
                      var o, a, u;
                      (u = r.pending), (r.processScheduled = !1), (r.pending = void 0);
                      try {
                        for (var s = 0, l = u.length; s < l; ++s) {
                          Ur(r), (a = u[s][0]), (o = u[s][r.status]);
                          try {
                            K(o)
                              ? f(a, o(r.value))
                              : 1 === r.status
                                ? f(a, r.value)
                                : p(a, r.value);
                          } catch (t) {
                            p(a, t), t && !0 === t.$$passToExceptionHandler && e(t);
                          }
                        }
                      } finally {
                        --i, n && 0 === i && t(c);
                      }
                    })(r);
                  }));
            }
            function f(t, e) {
              t.$$state.status ||
                (e === t
                  ? h(
                      t,
                      r(
                        "qcycle",
                        "Expected promise to be resolved with value other than itself '{0}'",
                        e
                      )
                    )
                  : (function t(e, n) {
                      var r;
                      var i = !1;
                      try {
                        (U(n) || K(n)) && (r = n.then),
                          K(r)
                            ? ((e.$$state.status = -1),
                              r.call(
                                n,
                                function o(t) {
                                  if (i) return;
                                  (i = !0),
                                    (function t(e, n) {
                                      var r;
                                      var i = !1;
                                      try {
                                        (U(n) || K(n)) && (r = n.then),
                                          K(r)
                                            ? ((e.$$state.status = -1),
                                              r.call(n, o, a, function(t) {
                                                d(e, t);
                                              }))
                                            : ((e.$$state.value = n),
                                              (e.$$state.status = 1),
                                              l(e.$$state));
                                      } catch (t) {
                                        a(t);
                                      }
                                      function o(n) {
                                        i || ((i = !0), t(e, n));
                                      }
                                      function a(t) {
                                        i || ((i = !0), h(e, t));
                                      }
                                    })(e, t);
                                },
                                a,
                                function(t) {
                                  d(e, t);
                                }
                              ))
                            : ((e.$$state.value = n), (e.$$state.status = 1), l(e.$$state));
                      } catch (t) {
                        a(t);
                      }
                      function o(n) {
                        i || ((i = !0), t(e, n));
                      }
                      function a(t) {
                        i || ((i = !0), h(e, t));
                      }
                    })(t, e));
            }
            function p(t, e) {
              t.$$state.status || h(t, e);
            }
            function h(t, e) {
              (t.$$state.value = e), (t.$$state.status = 2), l(t.$$state);
            }
            function d(n, r) {
              var i = n.$$state.pending;
              n.$$state.status <= 0 &&
                i &&
                i.length &&
                t(function() {
                  for (var t, n, o = 0, a = i.length; o < a; o++) {
                    (n = i[o][0]), (t = i[o][3]);
                    try {
                      d(n, K(t) ? t(r) : r);
                    } catch (t) {
                      e(t);
                    }
                  }
                });
            }
            function v(t) {
              var e = new s();
              return p(e, t), e;
            }
            function g(t, e, n) {
              var r = null;
              try {
                K(n) && (r = n());
              } catch (t) {
                return v(t);
              }
              return Q(r)
                ? r.then(function() {
                    return e(t);
                  }, v)
                : e(t);
            }
            function m(t, e, n, r) {
              var i = new s();
              return f(i, t), i.then(e, n, r);
            }
            O(s.prototype, {
              then: function(t, e, n) {
                if (V(t) && V(e) && V(n)) return this;
                var r = new s();
                return (
                  (this.$$state.pending = this.$$state.pending || []),
                  this.$$state.pending.push([r, t, e, n]),
                  this.$$state.status > 0 && l(this.$$state),
                  r
                );
              },
              catch: function(t) {
                return this.then(null, t);
              },
              finally: function(t, e) {
                return this.then(
                  function(e) {
                    return g(e, $, t);
                  },
                  function(e) {
                    return g(e, v, t);
                  },
                  e
                );
              }
            });
            var $ = m;
            function y(t) {
              if (!K(t)) throw r("norslvr", "Expected resolverFn, got '{0}'", t);
              var e = new s();
              return (
                t(
                  function(t) {
                    f(e, t);
                  },
                  function(t) {
                    p(e, t);
                  }
                ),
                e
              );
            }
            return (
              (y.prototype = s.prototype),
              (y.defer = u),
              (y.reject = v),
              (y.when = m),
              (y.resolve = $),
              (y.all = function(t) {
                var e = new s(),
                  n = 0,
                  r = W(t) ? [] : {};
                return (
                  C(t, function(t, i) {
                    n++,
                      m(t).then(
                        function(t) {
                          (r[i] = t), --n || f(e, r);
                        },
                        function(t) {
                          p(e, t);
                        }
                      );
                  }),
                  0 === n && f(e, r),
                  e
                );
              }),
              (y.race = function(t) {
                var e = u();
                return (
                  C(t, function(t) {
                    m(t).then(e.resolve, e.reject);
                  }),
                  e.promise
                );
              }),
              y
            );
          }
          function qr(t) {
            return !!t.pur;
          }
          function Ur(t) {
            t.pur = !0;
          }
          function Fr(t) {
            Ur(t.$$state);
          }
          function Hr() {
            this.$get = [
              "$window",
              "$timeout",
              function(t, e) {
                var n = t.requestAnimationFrame || t.webkitRequestAnimationFrame,
                  r =
                    t.cancelAnimationFrame ||
                    t.webkitCancelAnimationFrame ||
                    t.webkitCancelRequestAnimationFrame,
                  i = !!n,
                  o = i
                    ? function(t) {
                        var e = n(t);
                        return function() {
                          r(e);
                        };
                      }
                    : function(t) {
                        var n = e(t, 16.66, !1);
                        return function() {
                          e.cancel(n);
                        };
                      };
                return (o.supported = i), o;
              }
            ];
          }
          function Br() {
            var t = 10,
              e = o("$rootScope"),
              n = null,
              r = null;
            (this.digestTtl = function(e) {
              return arguments.length && (t = e), t;
            }),
              (this.$get = [
                "$exceptionHandler",
                "$parse",
                "$browser",
                function(i, o, u) {
                  function s(t) {
                    t.currentScope.$$destroyed = !0;
                  }
                  function c() {
                    (this.$id = k()),
                      (this.$$phase = this.$parent = this.$$watchers = this.$$nextSibling = this.$$prevSibling = this.$$childHead = this.$$childTail = null),
                      (this.$root = this),
                      (this.$$destroyed = !1),
                      (this.$$suspended = !1),
                      (this.$$listeners = {}),
                      (this.$$listenerCount = {}),
                      (this.$$watchersCount = 0),
                      (this.$$isolateBindings = null);
                  }
                  c.prototype = {
                    constructor: c,
                    $new: function(t, e) {
                      var n;
                      return (
                        (e = e || this),
                        t
                          ? ((n = new c()).$root = this.$root)
                          : (this.$$ChildScope ||
                              (this.$$ChildScope = (function(t) {
                                function e() {
                                  (this.$$watchers = this.$$nextSibling = this.$$childHead = this.$$childTail = null),
                                    (this.$$listeners = {}),
                                    (this.$$listenerCount = {}),
                                    (this.$$watchersCount = 0),
                                    (this.$id = k()),
                                    (this.$$ChildScope = null),
                                    (this.$$suspended = !1);
                                }
                                return (e.prototype = t), e;
                              })(this)),
                            (n = new this.$$ChildScope())),
                        (n.$parent = e),
                        (n.$$prevSibling = e.$$childTail),
                        e.$$childHead
                          ? ((e.$$childTail.$$nextSibling = n), (e.$$childTail = n))
                          : (e.$$childHead = e.$$childTail = n),
                        (t || e !== this) && n.$on("$destroy", s),
                        n
                      );
                    },
                    $watch: function(t, e, r, i) {
                      var a = o(t),
                        u = K(e) ? e : D;
                      if (a.$$watchDelegate) return a.$$watchDelegate(this, u, r, a, t);
                      var s = this,
                        c = s.$$watchers,
                        l = { fn: u, last: b, get: a, exp: i || t, eq: !!r };
                      return (
                        (n = null),
                        c || ((c = s.$$watchers = []).$$digestWatchIndex = -1),
                        c.unshift(l),
                        c.$$digestWatchIndex++,
                        $(this, 1),
                        function() {
                          var t = at(c, l);
                          t >= 0 && ($(s, -1), t < c.$$digestWatchIndex && c.$$digestWatchIndex--),
                            (n = null);
                        }
                      );
                    },
                    $watchGroup: function(t, e) {
                      var n = new Array(t.length),
                        r = new Array(t.length),
                        i = [],
                        o = this,
                        a = !1,
                        u = !0;
                      if (!t.length) {
                        var s = !0;
                        return (
                          o.$evalAsync(function() {
                            s && e(r, r, o);
                          }),
                          function() {
                            s = !1;
                          }
                        );
                      }
                      if (1 === t.length)
                        return this.$watch(t[0], function(t, i, o) {
                          (r[0] = t), (n[0] = i), e(r, t === i ? r : n, o);
                        });
                      function c() {
                        a = !1;
                        try {
                          u ? ((u = !1), e(r, r, o)) : e(r, n, o);
                        } finally {
                          for (var i = 0; i < t.length; i++) n[i] = r[i];
                        }
                      }
                      return (
                        C(t, function(t, e) {
                          var n = o.$watch(t, function(t) {
                            (r[e] = t), a || ((a = !0), o.$evalAsync(c));
                          });
                          i.push(n);
                        }),
                        function() {
                          for (; i.length; ) i.shift()();
                        }
                      );
                    },
                    $watchCollection: function(t, e) {
                      (v.$$pure = o(t).literal), (v.$stateful = !v.$$pure);
                      var n,
                        r,
                        i,
                        a = this,
                        u = e.length > 1,
                        s = 0,
                        c = o(t, v),
                        l = [],
                        f = {},
                        h = !0,
                        d = 0;
                      function v(t) {
                        var e, i, o, a;
                        if (!V((n = t))) {
                          if (U(n))
                            if (_(n)) {
                              r !== l && ((d = (r = l).length = 0), s++),
                                (e = n.length),
                                d !== e && (s++, (r.length = d = e));
                              for (var u = 0; u < e; u++)
                                (a = r[u]),
                                  (o = n[u]),
                                  (a != a && o != o) || a === o || (s++, (r[u] = o));
                            } else {
                              for (i in (r !== f && ((r = f = {}), (d = 0), s++), (e = 0), n))
                                p.call(n, i) &&
                                  (e++,
                                  (o = n[i]),
                                  (a = r[i]),
                                  i in r
                                    ? (a != a && o != o) || a === o || (s++, (r[i] = o))
                                    : (d++, (r[i] = o), s++));
                              if (d > e) for (i in (s++, r)) p.call(n, i) || (d--, delete r[i]);
                            }
                          else r !== n && ((r = n), s++);
                          return s;
                        }
                      }
                      return this.$watch(c, function() {
                        if ((h ? ((h = !1), e(n, n, a)) : e(n, i, a), u))
                          if (U(n))
                            if (_(n)) {
                              i = new Array(n.length);
                              for (var t = 0; t < n.length; t++) i[t] = n[t];
                            } else for (var r in ((i = {}), n)) p.call(n, r) && (i[r] = n[r]);
                          else i = n;
                      });
                    },
                    $digest: function() {
                      var o,
                        a,
                        s,
                        c,
                        p,
                        d,
                        $,
                        y,
                        x,
                        _ = t,
                        C = f.length ? l : this,
                        S = [];
                      g("$digest"),
                        u.$$checkUrlChange(),
                        this === l && null !== r && (u.defer.cancel(r), w()),
                        (n = null);
                      do {
                        (p = !1), ($ = C);
                        for (var E = 0; E < f.length; E++) {
                          try {
                            (0, (x = f[E]).fn)(x.scope, x.locals);
                          } catch (t) {
                            i(t);
                          }
                          n = null;
                        }
                        f.length = 0;
                        t: do {
                          if ((c = !$.$$suspended && $.$$watchers))
                            for (c.$$digestWatchIndex = c.length; c.$$digestWatchIndex--; )
                              try {
                                if ((o = c[c.$$digestWatchIndex]))
                                  if (
                                    (a = (0, o.get)($)) === (s = o.last) ||
                                    (o.eq ? ct(a, s) : M(a) && M(s))
                                  ) {
                                    if (o === n) {
                                      p = !1;
                                      break t;
                                    }
                                  } else
                                    (p = !0),
                                      (n = o),
                                      (o.last = o.eq ? ut(a, null) : a),
                                      (0, o.fn)(a, s === b ? a : s, $),
                                      _ < 5 &&
                                        (S[(y = 4 - _)] || (S[y] = []),
                                        S[y].push({
                                          msg: K(o.exp)
                                            ? "fn: " + (o.exp.name || o.exp.toString())
                                            : o.exp,
                                          newVal: a,
                                          oldVal: s
                                        }));
                              } catch (t) {
                                i(t);
                              }
                          if (
                            !(d =
                              (!$.$$suspended && $.$$watchersCount && $.$$childHead) ||
                              ($ !== C && $.$$nextSibling))
                          )
                            for (; $ !== C && !(d = $.$$nextSibling); ) $ = $.$parent;
                        } while (($ = d));
                        if ((p || f.length) && !_--)
                          throw (m(),
                          e(
                            "infdig",
                            "{0} $digest() iterations reached. Aborting!\nWatchers fired in the last 5 iterations: {1}",
                            t,
                            S
                          ));
                      } while (p || f.length);
                      for (m(); v < h.length; )
                        try {
                          h[v++]();
                        } catch (t) {
                          i(t);
                        }
                      (h.length = v = 0), u.$$checkUrlChange();
                    },
                    $suspend: function() {
                      this.$$suspended = !0;
                    },
                    $isSuspended: function() {
                      return this.$$suspended;
                    },
                    $resume: function() {
                      this.$$suspended = !1;
                    },
                    $destroy: function() {
                      if (!this.$$destroyed) {
                        var t = this.$parent;
                        for (var e in (this.$broadcast("$destroy"),
                        (this.$$destroyed = !0),
                        this === l && u.$$applicationDestroyed(),
                        $(this, -this.$$watchersCount),
                        this.$$listenerCount))
                          y(this, this.$$listenerCount[e], e);
                        t && t.$$childHead === this && (t.$$childHead = this.$$nextSibling),
                          t && t.$$childTail === this && (t.$$childTail = this.$$prevSibling),
                          this.$$prevSibling &&
                            (this.$$prevSibling.$$nextSibling = this.$$nextSibling),
                          this.$$nextSibling &&
                            (this.$$nextSibling.$$prevSibling = this.$$prevSibling),
                          (this.$destroy = this.$digest = this.$apply = this.$evalAsync = this.$applyAsync = D),
                          (this.$on = this.$watch = this.$watchGroup = function() {
                            return D;
                          }),
                          (this.$$listeners = {}),
                          (this.$$nextSibling = null),
                          (function t(e) {
                            9 === a &&
                              (e.$$childHead && t(e.$$childHead),
                              e.$$nextSibling && t(e.$$nextSibling)),
                              (e.$parent = e.$$nextSibling = e.$$prevSibling = e.$$childHead = e.$$childTail = e.$root = e.$$watchers = null);
                          })(this);
                      }
                    },
                    $eval: function(t, e) {
                      return o(t)(this, e);
                    },
                    $evalAsync: function(t, e) {
                      l.$$phase ||
                        f.length ||
                        u.defer(
                          function() {
                            f.length && l.$digest();
                          },
                          null,
                          "$evalAsync"
                        ),
                        f.push({ scope: this, fn: o(t), locals: e });
                    },
                    $$postDigest: function(t) {
                      h.push(t);
                    },
                    $apply: function(t) {
                      try {
                        g("$apply");
                        try {
                          return this.$eval(t);
                        } finally {
                          m();
                        }
                      } catch (t) {
                        i(t);
                      } finally {
                        try {
                          l.$digest();
                        } catch (t) {
                          throw (i(t), t);
                        }
                      }
                    },
                    $applyAsync: function(t) {
                      var e = this;
                      t &&
                        d.push(function() {
                          e.$eval(t);
                        }),
                        (t = o(t)),
                        null === r &&
                          (r = u.defer(
                            function() {
                              l.$apply(w);
                            },
                            null,
                            "$applyAsync"
                          ));
                    },
                    $on: function(t, e) {
                      var n = this.$$listeners[t];
                      n || (this.$$listeners[t] = n = []), n.push(e);
                      var r = this;
                      do {
                        r.$$listenerCount[t] || (r.$$listenerCount[t] = 0), r.$$listenerCount[t]++;
                      } while ((r = r.$parent));
                      var i = this;
                      return function() {
                        var r = n.indexOf(e);
                        -1 !== r && (delete n[r], y(i, 1, t));
                      };
                    },
                    $emit: function(t, e) {
                      var n,
                        r,
                        o,
                        a = [],
                        u = this,
                        s = !1,
                        c = {
                          name: t,
                          targetScope: u,
                          stopPropagation: function() {
                            s = !0;
                          },
                          preventDefault: function() {
                            c.defaultPrevented = !0;
                          },
                          defaultPrevented: !1
                        },
                        l = pt([c], arguments, 1);
                      do {
                        for (
                          n = u.$$listeners[t] || a, c.currentScope = u, r = 0, o = n.length;
                          r < o;
                          r++
                        )
                          if (n[r])
                            try {
                              n[r].apply(null, l);
                            } catch (t) {
                              i(t);
                            }
                          else n.splice(r, 1), r--, o--;
                        if (s) break;
                        u = u.$parent;
                      } while (u);
                      return (c.currentScope = null), c;
                    },
                    $broadcast: function(t, e) {
                      var n = this,
                        r = this,
                        o = {
                          name: t,
                          targetScope: this,
                          preventDefault: function() {
                            o.defaultPrevented = !0;
                          },
                          defaultPrevented: !1
                        };
                      if (!this.$$listenerCount[t]) return o;
                      for (var a, u, s, c = pt([o], arguments, 1); (n = r); ) {
                        for (
                          o.currentScope = n, u = 0, s = (a = n.$$listeners[t] || []).length;
                          u < s;
                          u++
                        )
                          if (a[u])
                            try {
                              a[u].apply(null, c);
                            } catch (t) {
                              i(t);
                            }
                          else a.splice(u, 1), u--, s--;
                        if (
                          !(r =
                            (n.$$listenerCount[t] && n.$$childHead) ||
                            (n !== this && n.$$nextSibling))
                        )
                          for (; n !== this && !(r = n.$$nextSibling); ) n = n.$parent;
                      }
                      return (o.currentScope = null), o;
                    }
                  };
                  var l = new c(),
                    f = (l.$$asyncQueue = []),
                    h = (l.$$postDigestQueue = []),
                    d = (l.$$applyAsyncQueue = []),
                    v = 0;
                  return l;
                  function g(t) {
                    if (l.$$phase) throw e("inprog", "{0} already in progress", l.$$phase);
                    l.$$phase = t;
                  }
                  function m() {
                    l.$$phase = null;
                  }
                  function $(t, e) {
                    do {
                      t.$$watchersCount += e;
                    } while ((t = t.$parent));
                  }
                  function y(t, e, n) {
                    do {
                      (t.$$listenerCount[n] -= e),
                        0 === t.$$listenerCount[n] && delete t.$$listenerCount[n];
                    } while ((t = t.$parent));
                  }
                  function b() {}
                  function w() {
                    for (; d.length; )
                      try {
                        d.shift()();
                      } catch (t) {
                        i(t);
                      }
                    r = null;
                  }
                }
              ]);
          }
          function zr() {
            var t = /^\s*(https?|s?ftp|mailto|tel|file):/,
              e = /^\s*((https?|ftp|file|blob):|data:image\/)/;
            (this.aHrefSanitizationWhitelist = function(e) {
              return q(e) ? ((t = e), this) : t;
            }),
              (this.imgSrcSanitizationWhitelist = function(t) {
                return q(t) ? ((e = t), this) : e;
              }),
              (this.$get = function() {
                return function(n, r) {
                  var i = r ? e : t,
                    o = ci(n && n.trim()).href;
                  return "" === o || o.match(i) ? n : "unsafe:" + o;
                };
              });
          }
          (Nr.prototype = {
            compile: function(t) {
              var e = this;
              (this.state = {
                nextId: 0,
                filters: {},
                fn: { vars: [], body: [], own: {} },
                assign: { vars: [], body: [], own: {} },
                inputs: []
              }),
                Ar(t, e.$filter);
              var n,
                r = "";
              if (((this.stage = "assign"), (n = jr(t)))) {
                this.state.computing = "assign";
                var i = this.nextId();
                this.recurse(n, i),
                  this.return_(i),
                  (r = "fn.assign=" + this.generateFunction("assign", "s,v,l"));
              }
              var o = Tr(t.body);
              (e.stage = "inputs"),
                C(o, function(t, n) {
                  var r = "fn" + n;
                  (e.state[r] = { vars: [], body: [], own: {} }), (e.state.computing = r);
                  var i = e.nextId();
                  e.recurse(t, i),
                    e.return_(i),
                    e.state.inputs.push({ name: r, isPure: t.isPure }),
                    (t.watchId = n);
                }),
                (this.state.computing = "fn"),
                (this.stage = "main"),
                this.recurse(t);
              var a =
                  '"' +
                  this.USE +
                  " " +
                  this.STRICT +
                  '";\n' +
                  this.filterPrefix() +
                  "var fn=" +
                  this.generateFunction("fn", "s,l,a,i") +
                  r +
                  this.watchFns() +
                  "return fn;",
                u = new Function("$filter", "getStringValue", "ifDefined", "plus", a)(
                  this.$filter,
                  yr,
                  Cr,
                  Sr
                );
              return (this.state = this.stage = void 0), u;
            },
            USE: "use",
            STRICT: "strict",
            watchFns: function() {
              var t = [],
                e = this.state.inputs,
                n = this;
              return (
                C(e, function(e) {
                  t.push("var " + e.name + "=" + n.generateFunction(e.name, "s")),
                    e.isPure && t.push(e.name, ".isPure=" + JSON.stringify(e.isPure) + ";");
                }),
                e.length &&
                  t.push(
                    "fn.inputs=[" +
                      e
                        .map(function(t) {
                          return t.name;
                        })
                        .join(",") +
                      "];"
                  ),
                t.join("")
              );
            },
            generateFunction: function(t, e) {
              return "function(" + e + "){" + this.varsPrefix(t) + this.body(t) + "};";
            },
            filterPrefix: function() {
              var t = [],
                e = this;
              return (
                C(this.state.filters, function(n, r) {
                  t.push(n + "=$filter(" + e.escape(r) + ")");
                }),
                t.length ? "var " + t.join(",") + ";" : ""
              );
            },
            varsPrefix: function(t) {
              return this.state[t].vars.length ? "var " + this.state[t].vars.join(",") + ";" : "";
            },
            body: function(t) {
              return this.state[t].body.join("");
            },
            recurse: function(t, e, n, r, i, o) {
              var a,
                u,
                s,
                c,
                l,
                f = this;
              if (((r = r || D), !o && q(t.watchId)))
                return (
                  (e = e || this.nextId()),
                  void this.if_(
                    "i",
                    this.lazyAssign(e, this.computedMember("i", t.watchId)),
                    this.lazyRecurse(t, e, n, r, i, !0)
                  )
                );
              switch (t.type) {
                case _r.Program:
                  C(t.body, function(e, n) {
                    f.recurse(e.expression, void 0, void 0, function(t) {
                      u = t;
                    }),
                      n !== t.body.length - 1 ? f.current().body.push(u, ";") : f.return_(u);
                  });
                  break;
                case _r.Literal:
                  (c = this.escape(t.value)), this.assign(e, c), r(e || c);
                  break;
                case _r.UnaryExpression:
                  this.recurse(t.argument, void 0, void 0, function(t) {
                    u = t;
                  }),
                    (c = t.operator + "(" + this.ifDefined(u, 0) + ")"),
                    this.assign(e, c),
                    r(c);
                  break;
                case _r.BinaryExpression:
                  this.recurse(t.left, void 0, void 0, function(t) {
                    a = t;
                  }),
                    this.recurse(t.right, void 0, void 0, function(t) {
                      u = t;
                    }),
                    (c =
                      "+" === t.operator
                        ? this.plus(a, u)
                        : "-" === t.operator
                          ? this.ifDefined(a, 0) + t.operator + this.ifDefined(u, 0)
                          : "(" + a + ")" + t.operator + "(" + u + ")"),
                    this.assign(e, c),
                    r(c);
                  break;
                case _r.LogicalExpression:
                  (e = e || this.nextId()),
                    f.recurse(t.left, e),
                    f.if_("&&" === t.operator ? e : f.not(e), f.lazyRecurse(t.right, e)),
                    r(e);
                  break;
                case _r.ConditionalExpression:
                  (e = e || this.nextId()),
                    f.recurse(t.test, e),
                    f.if_(e, f.lazyRecurse(t.alternate, e), f.lazyRecurse(t.consequent, e)),
                    r(e);
                  break;
                case _r.Identifier:
                  (e = e || this.nextId()),
                    n &&
                      ((n.context =
                        "inputs" === f.stage
                          ? "s"
                          : this.assign(
                              this.nextId(),
                              this.getHasOwnProperty("l", t.name) + "?l:s"
                            )),
                      (n.computed = !1),
                      (n.name = t.name)),
                    f.if_(
                      "inputs" === f.stage || f.not(f.getHasOwnProperty("l", t.name)),
                      function() {
                        f.if_("inputs" === f.stage || "s", function() {
                          i &&
                            1 !== i &&
                            f.if_(
                              f.isNull(f.nonComputedMember("s", t.name)),
                              f.lazyAssign(f.nonComputedMember("s", t.name), "{}")
                            ),
                            f.assign(e, f.nonComputedMember("s", t.name));
                        });
                      },
                      e && f.lazyAssign(e, f.nonComputedMember("l", t.name))
                    ),
                    r(e);
                  break;
                case _r.MemberExpression:
                  (a = (n && (n.context = this.nextId())) || this.nextId()),
                    (e = e || this.nextId()),
                    f.recurse(
                      t.object,
                      a,
                      void 0,
                      function() {
                        f.if_(
                          f.notNull(a),
                          function() {
                            t.computed
                              ? ((u = f.nextId()),
                                f.recurse(t.property, u),
                                f.getStringValue(u),
                                i &&
                                  1 !== i &&
                                  f.if_(
                                    f.not(f.computedMember(a, u)),
                                    f.lazyAssign(f.computedMember(a, u), "{}")
                                  ),
                                (c = f.computedMember(a, u)),
                                f.assign(e, c),
                                n && ((n.computed = !0), (n.name = u)))
                              : (i &&
                                  1 !== i &&
                                  f.if_(
                                    f.isNull(f.nonComputedMember(a, t.property.name)),
                                    f.lazyAssign(f.nonComputedMember(a, t.property.name), "{}")
                                  ),
                                (c = f.nonComputedMember(a, t.property.name)),
                                f.assign(e, c),
                                n && ((n.computed = !1), (n.name = t.property.name)));
                          },
                          function() {
                            f.assign(e, "undefined");
                          }
                        ),
                          r(e);
                      },
                      !!i
                    );
                  break;
                case _r.CallExpression:
                  (e = e || this.nextId()),
                    t.filter
                      ? ((u = f.filter(t.callee.name)),
                        (s = []),
                        C(t.arguments, function(t) {
                          var e = f.nextId();
                          f.recurse(t, e), s.push(e);
                        }),
                        (c = u + "(" + s.join(",") + ")"),
                        f.assign(e, c),
                        r(e))
                      : ((u = f.nextId()),
                        (a = {}),
                        (s = []),
                        f.recurse(t.callee, u, a, function() {
                          f.if_(
                            f.notNull(u),
                            function() {
                              C(t.arguments, function(e) {
                                f.recurse(e, t.constant ? void 0 : f.nextId(), void 0, function(t) {
                                  s.push(t);
                                });
                              }),
                                (c = a.name
                                  ? f.member(a.context, a.name, a.computed) +
                                    "(" +
                                    s.join(",") +
                                    ")"
                                  : u + "(" + s.join(",") + ")"),
                                f.assign(e, c);
                            },
                            function() {
                              f.assign(e, "undefined");
                            }
                          ),
                            r(e);
                        }));
                  break;
                case _r.AssignmentExpression:
                  (u = this.nextId()),
                    (a = {}),
                    this.recurse(
                      t.left,
                      void 0,
                      a,
                      function() {
                        f.if_(f.notNull(a.context), function() {
                          f.recurse(t.right, u),
                            (c = f.member(a.context, a.name, a.computed) + t.operator + u),
                            f.assign(e, c),
                            r(e || c);
                        });
                      },
                      1
                    );
                  break;
                case _r.ArrayExpression:
                  (s = []),
                    C(t.elements, function(e) {
                      f.recurse(e, t.constant ? void 0 : f.nextId(), void 0, function(t) {
                        s.push(t);
                      });
                    }),
                    (c = "[" + s.join(",") + "]"),
                    this.assign(e, c),
                    r(e || c);
                  break;
                case _r.ObjectExpression:
                  (s = []),
                    (l = !1),
                    C(t.properties, function(t) {
                      t.computed && (l = !0);
                    }),
                    l
                      ? ((e = e || this.nextId()),
                        this.assign(e, "{}"),
                        C(t.properties, function(t) {
                          t.computed
                            ? ((a = f.nextId()), f.recurse(t.key, a))
                            : (a = t.key.type === _r.Identifier ? t.key.name : "" + t.key.value),
                            (u = f.nextId()),
                            f.recurse(t.value, u),
                            f.assign(f.member(e, a, t.computed), u);
                        }))
                      : (C(t.properties, function(e) {
                          f.recurse(e.value, t.constant ? void 0 : f.nextId(), void 0, function(t) {
                            s.push(
                              f.escape(
                                e.key.type === _r.Identifier ? e.key.name : "" + e.key.value
                              ) +
                                ":" +
                                t
                            );
                          });
                        }),
                        (c = "{" + s.join(",") + "}"),
                        this.assign(e, c)),
                    r(e || c);
                  break;
                case _r.ThisExpression:
                  this.assign(e, "s"), r(e || "s");
                  break;
                case _r.LocalsExpression:
                  this.assign(e, "l"), r(e || "l");
                  break;
                case _r.NGValueParameter:
                  this.assign(e, "v"), r(e || "v");
              }
            },
            getHasOwnProperty: function(t, e) {
              var n = t + "." + e,
                r = this.current().own;
              return (
                r.hasOwnProperty(n) ||
                  (r[n] = this.nextId(!1, t + "&&(" + this.escape(e) + " in " + t + ")")),
                r[n]
              );
            },
            assign: function(t, e) {
              if (t) return this.current().body.push(t, "=", e, ";"), t;
            },
            filter: function(t) {
              return (
                this.state.filters.hasOwnProperty(t) || (this.state.filters[t] = this.nextId(!0)),
                this.state.filters[t]
              );
            },
            ifDefined: function(t, e) {
              return "ifDefined(" + t + "," + this.escape(e) + ")";
            },
            plus: function(t, e) {
              return "plus(" + t + "," + e + ")";
            },
            return_: function(t) {
              this.current().body.push("return ", t, ";");
            },
            if_: function(t, e, n) {
              if (!0 === t) e();
              else {
                var r = this.current().body;
                r.push("if(", t, "){"), e(), r.push("}"), n && (r.push("else{"), n(), r.push("}"));
              }
            },
            not: function(t) {
              return "!(" + t + ")";
            },
            isNull: function(t) {
              return t + "==null";
            },
            notNull: function(t) {
              return t + "!=null";
            },
            nonComputedMember: function(t, e) {
              return /^[$_a-zA-Z][$_a-zA-Z0-9]*$/.test(e)
                ? t + "." + e
                : t + '["' + e.replace(/[^$_a-zA-Z0-9]/g, this.stringEscapeFn) + '"]';
            },
            computedMember: function(t, e) {
              return t + "[" + e + "]";
            },
            member: function(t, e, n) {
              return n ? this.computedMember(t, e) : this.nonComputedMember(t, e);
            },
            getStringValue: function(t) {
              this.assign(t, "getStringValue(" + t + ")");
            },
            lazyRecurse: function(t, e, n, r, i, o) {
              var a = this;
              return function() {
                a.recurse(t, e, n, r, i, o);
              };
            },
            lazyAssign: function(t, e) {
              var n = this;
              return function() {
                n.assign(t, e);
              };
            },
            stringEscapeRegex: /[^ a-zA-Z0-9]/g,
            stringEscapeFn: function(t) {
              return "\\u" + ("0000" + t.charCodeAt(0).toString(16)).slice(-4);
            },
            escape: function(t) {
              if (H(t)) return "'" + t.replace(this.stringEscapeRegex, this.stringEscapeFn) + "'";
              if (B(t)) return t.toString();
              if (!0 === t) return "true";
              if (!1 === t) return "false";
              if (null === t) return "null";
              if (void 0 === t) return "undefined";
              throw mr("esc", "IMPOSSIBLE");
            },
            nextId: function(t, e) {
              var n = "v" + this.state.nextId++;
              return t || this.current().vars.push(n + (e ? "=" + e : "")), n;
            },
            current: function() {
              return this.state[this.state.computing];
            }
          }),
            (Mr.prototype = {
              compile: function(t) {
                var e,
                  n,
                  r = this;
                Ar(t, r.$filter), (e = jr(t)) && (n = this.recurse(e));
                var i,
                  o = Tr(t.body);
                o &&
                  ((i = []),
                  C(o, function(t, e) {
                    var n = r.recurse(t);
                    (n.isPure = t.isPure), (t.input = n), i.push(n), (t.watchId = e);
                  }));
                var a = [];
                C(t.body, function(t) {
                  a.push(r.recurse(t.expression));
                });
                var u =
                  0 === t.body.length
                    ? D
                    : 1 === t.body.length
                      ? a[0]
                      : function(t, e) {
                          var n;
                          return (
                            C(a, function(r) {
                              n = r(t, e);
                            }),
                            n
                          );
                        };
                return (
                  n &&
                    (u.assign = function(t, e, r) {
                      return n(t, r, e);
                    }),
                  i && (u.inputs = i),
                  u
                );
              },
              recurse: function(t, e, n) {
                var r,
                  i,
                  o,
                  a = this;
                if (t.input) return this.inputs(t.input, t.watchId);
                switch (t.type) {
                  case _r.Literal:
                    return this.value(t.value, e);
                  case _r.UnaryExpression:
                    return (i = this.recurse(t.argument)), this["unary" + t.operator](i, e);
                  case _r.BinaryExpression:
                  case _r.LogicalExpression:
                    return (
                      (r = this.recurse(t.left)),
                      (i = this.recurse(t.right)),
                      this["binary" + t.operator](r, i, e)
                    );
                  case _r.ConditionalExpression:
                    return this["ternary?:"](
                      this.recurse(t.test),
                      this.recurse(t.alternate),
                      this.recurse(t.consequent),
                      e
                    );
                  case _r.Identifier:
                    return a.identifier(t.name, e, n);
                  case _r.MemberExpression:
                    return (
                      (r = this.recurse(t.object, !1, !!n)),
                      t.computed || (i = t.property.name),
                      t.computed && (i = this.recurse(t.property)),
                      t.computed
                        ? this.computedMember(r, i, e, n)
                        : this.nonComputedMember(r, i, e, n)
                    );
                  case _r.CallExpression:
                    return (
                      (o = []),
                      C(t.arguments, function(t) {
                        o.push(a.recurse(t));
                      }),
                      t.filter && (i = this.$filter(t.callee.name)),
                      t.filter || (i = this.recurse(t.callee, !0)),
                      t.filter
                        ? function(t, n, r, a) {
                            for (var u = [], s = 0; s < o.length; ++s) u.push(o[s](t, n, r, a));
                            var c = i.apply(void 0, u, a);
                            return e ? { context: void 0, name: void 0, value: c } : c;
                          }
                        : function(t, n, r, a) {
                            var u,
                              s = i(t, n, r, a);
                            if (null != s.value) {
                              for (var c = [], l = 0; l < o.length; ++l) c.push(o[l](t, n, r, a));
                              u = s.value.apply(s.context, c);
                            }
                            return e ? { value: u } : u;
                          }
                    );
                  case _r.AssignmentExpression:
                    return (
                      (r = this.recurse(t.left, !0, 1)),
                      (i = this.recurse(t.right)),
                      function(t, n, o, a) {
                        var u = r(t, n, o, a),
                          s = i(t, n, o, a);
                        return (u.context[u.name] = s), e ? { value: s } : s;
                      }
                    );
                  case _r.ArrayExpression:
                    return (
                      (o = []),
                      C(t.elements, function(t) {
                        o.push(a.recurse(t));
                      }),
                      function(t, n, r, i) {
                        for (var a = [], u = 0; u < o.length; ++u) a.push(o[u](t, n, r, i));
                        return e ? { value: a } : a;
                      }
                    );
                  case _r.ObjectExpression:
                    return (
                      (o = []),
                      C(t.properties, function(t) {
                        t.computed
                          ? o.push({
                              key: a.recurse(t.key),
                              computed: !0,
                              value: a.recurse(t.value)
                            })
                          : o.push({
                              key: t.key.type === _r.Identifier ? t.key.name : "" + t.key.value,
                              computed: !1,
                              value: a.recurse(t.value)
                            });
                      }),
                      function(t, n, r, i) {
                        for (var a = {}, u = 0; u < o.length; ++u)
                          o[u].computed
                            ? (a[o[u].key(t, n, r, i)] = o[u].value(t, n, r, i))
                            : (a[o[u].key] = o[u].value(t, n, r, i));
                        return e ? { value: a } : a;
                      }
                    );
                  case _r.ThisExpression:
                    return function(t) {
                      return e ? { value: t } : t;
                    };
                  case _r.LocalsExpression:
                    return function(t, n) {
                      return e ? { value: n } : n;
                    };
                  case _r.NGValueParameter:
                    return function(t, n, r) {
                      return e ? { value: r } : r;
                    };
                }
              },
              "unary+": function(t, e) {
                return function(n, r, i, o) {
                  var a = t(n, r, i, o);
                  return (a = q(a) ? +a : 0), e ? { value: a } : a;
                };
              },
              "unary-": function(t, e) {
                return function(n, r, i, o) {
                  var a = t(n, r, i, o);
                  return (a = q(a) ? -a : -0), e ? { value: a } : a;
                };
              },
              "unary!": function(t, e) {
                return function(n, r, i, o) {
                  var a = !t(n, r, i, o);
                  return e ? { value: a } : a;
                };
              },
              "binary+": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = Sr(t(r, i, o, a), e(r, i, o, a));
                  return n ? { value: u } : u;
                };
              },
              "binary-": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a),
                    s = e(r, i, o, a),
                    c = (q(u) ? u : 0) - (q(s) ? s : 0);
                  return n ? { value: c } : c;
                };
              },
              "binary*": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) * e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary/": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) / e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary%": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) % e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary===": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) === e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary!==": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) !== e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary==": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) == e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary!=": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) != e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary<": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) < e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary>": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) > e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary<=": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) <= e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary>=": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) >= e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary&&": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) && e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "binary||": function(t, e, n) {
                return function(r, i, o, a) {
                  var u = t(r, i, o, a) || e(r, i, o, a);
                  return n ? { value: u } : u;
                };
              },
              "ternary?:": function(t, e, n, r) {
                return function(i, o, a, u) {
                  var s = t(i, o, a, u) ? e(i, o, a, u) : n(i, o, a, u);
                  return r ? { value: s } : s;
                };
              },
              value: function(t, e) {
                return function() {
                  return e ? { context: void 0, name: void 0, value: t } : t;
                };
              },
              identifier: function(t, e, n) {
                return function(r, i, o, a) {
                  var u = i && t in i ? i : r;
                  n && 1 !== n && u && null == u[t] && (u[t] = {});
                  var s = u ? u[t] : void 0;
                  return e ? { context: u, name: t, value: s } : s;
                };
              },
              computedMember: function(t, e, n, r) {
                return function(i, o, a, u) {
                  var s,
                    c,
                    l = t(i, o, a, u);
                  return (
                    null != l &&
                      ((s = yr((s = e(i, o, a, u)))),
                      r && 1 !== r && l && !l[s] && (l[s] = {}),
                      (c = l[s])),
                    n ? { context: l, name: s, value: c } : c
                  );
                };
              },
              nonComputedMember: function(t, e, n, r) {
                return function(i, o, a, u) {
                  var s = t(i, o, a, u);
                  r && 1 !== r && s && null == s[e] && (s[e] = {});
                  var c = null != s ? s[e] : void 0;
                  return n ? { context: s, name: e, value: c } : c;
                };
              },
              inputs: function(t, e) {
                return function(n, r, i, o) {
                  return o ? o[e] : t(n, r, i);
                };
              }
            }),
            (Lr.prototype = {
              constructor: Lr,
              parse: function(t) {
                var e = this.getAst(t),
                  n = this.astCompiler.compile(e.ast);
                return (
                  (n.literal = (function(t) {
                    return (
                      0 === t.body.length ||
                      (1 === t.body.length &&
                        (t.body[0].expression.type === _r.Literal ||
                          t.body[0].expression.type === _r.ArrayExpression ||
                          t.body[0].expression.type === _r.ObjectExpression))
                    );
                  })(e.ast)),
                  (n.constant = (function(t) {
                    return t.constant;
                  })(e.ast)),
                  (n.oneTime = e.oneTime),
                  n
                );
              },
              getAst: function(t) {
                var e = !1;
                return (
                  ":" === (t = t.trim()).charAt(0) &&
                    ":" === t.charAt(1) &&
                    ((e = !0), (t = t.substring(2))),
                  { ast: this.ast.ast(t), oneTime: e }
                );
              }
            });
          var Wr = o("$sce"),
            Gr = {
              HTML: "html",
              CSS: "css",
              MEDIA_URL: "mediaUrl",
              URL: "url",
              RESOURCE_URL: "resourceUrl",
              JS: "js"
            },
            Kr = /_([a-z])/g;
          function Jr(t) {
            return t.replace(Kr, ne);
          }
          function Yr(t) {
            var e = [];
            return (
              q(t) &&
                C(t, function(t) {
                  e.push(
                    (function(t) {
                      if ("self" === t) return t;
                      if (H(t)) {
                        if (t.indexOf("***") > -1)
                          throw Wr(
                            "iwcard",
                            "Illegal sequence *** in string matcher.  String: {0}",
                            t
                          );
                        return (
                          (t = nt(t)
                            .replace(/\\\*\\\*/g, ".*")
                            .replace(/\\\*/g, "[^:/.?&;]*")),
                          new RegExp("^" + t + "$")
                        );
                      }
                      if (J(t)) return new RegExp("^" + t.source + "$");
                      throw Wr(
                        "imatcher",
                        'Matchers may only be "self", string patterns or RegExp objects'
                      );
                    })(t)
                  );
                }),
              e
            );
          }
          function Zr() {
            this.SCE_CONTEXTS = Gr;
            var t = ["self"],
              n = [];
            (this.resourceUrlWhitelist = function(e) {
              return arguments.length && (t = Yr(e)), t;
            }),
              (this.resourceUrlBlacklist = function(t) {
                return arguments.length && (n = Yr(t)), n;
              }),
              (this.$get = [
                "$injector",
                "$$sanitizeUri",
                function(r, i) {
                  var o = function(t) {
                    throw Wr("unsafe", "Attempting to use an unsafe value in a safe context.");
                  };
                  function a(t, n) {
                    return "self" === t
                      ? (function(t) {
                          return li(t, si);
                        })(n) ||
                          (function(t) {
                            return li(
                              t,
                              (function() {
                                if (e.document.baseURI) return e.document.baseURI;
                                ai ||
                                  (((ai = e.document.createElement("a")).href = "."),
                                  (ai = ai.cloneNode(!1)));
                                return ai.href;
                              })()
                            );
                          })(n)
                      : !!t.exec(n.href);
                  }
                  function u(t) {
                    var e = function(t) {
                      this.$$unwrapTrustedValue = function() {
                        return t;
                      };
                    };
                    return (
                      t && (e.prototype = new t()),
                      (e.prototype.valueOf = function() {
                        return this.$$unwrapTrustedValue();
                      }),
                      (e.prototype.toString = function() {
                        return this.$$unwrapTrustedValue().toString();
                      }),
                      e
                    );
                  }
                  r.has("$sanitize") && (o = r.get("$sanitize"));
                  var s = u(),
                    c = {};
                  return (
                    (c[Gr.HTML] = u(s)),
                    (c[Gr.CSS] = u(s)),
                    (c[Gr.MEDIA_URL] = u(s)),
                    (c[Gr.URL] = u(c[Gr.MEDIA_URL])),
                    (c[Gr.JS] = u(s)),
                    (c[Gr.RESOURCE_URL] = u(c[Gr.URL])),
                    {
                      trustAs: function(t, e) {
                        var n = c.hasOwnProperty(t) ? c[t] : null;
                        if (!n)
                          throw Wr(
                            "icontext",
                            "Attempted to trust a value in invalid context. Context: {0}; Value: {1}",
                            t,
                            e
                          );
                        if (null === e || V(e) || "" === e) return e;
                        if ("string" != typeof e)
                          throw Wr(
                            "itype",
                            "Attempted to trust a non-string value in a content requiring a string: Context: {0}",
                            t
                          );
                        return new n(e);
                      },
                      getTrusted: function(e, r) {
                        if (null === r || V(r) || "" === r) return r;
                        var u = c.hasOwnProperty(e) ? c[e] : null;
                        if (u && r instanceof u) return r.$$unwrapTrustedValue();
                        if (
                          (K(r.$$unwrapTrustedValue) && (r = r.$$unwrapTrustedValue()),
                          e === Gr.MEDIA_URL || e === Gr.URL)
                        )
                          return i(r, e === Gr.MEDIA_URL);
                        if (e === Gr.RESOURCE_URL) {
                          if (
                            (function(e) {
                              var r,
                                i,
                                o = ci(e.toString()),
                                u = !1;
                              for (r = 0, i = t.length; r < i; r++)
                                if (a(t[r], o)) {
                                  u = !0;
                                  break;
                                }
                              if (u)
                                for (r = 0, i = n.length; r < i; r++)
                                  if (a(n[r], o)) {
                                    u = !1;
                                    break;
                                  }
                              return u;
                            })(r)
                          )
                            return r;
                          throw Wr(
                            "insecurl",
                            "Blocked loading resource from url not allowed by $sceDelegate policy.  URL: {0}",
                            r.toString()
                          );
                        }
                        if (e === Gr.HTML) return o(r);
                        throw Wr("unsafe", "Attempting to use an unsafe value in a safe context.");
                      },
                      valueOf: function(t) {
                        return t instanceof s ? t.$$unwrapTrustedValue() : t;
                      }
                    }
                  );
                }
              ]);
          }
          function Xr() {
            var t = !0;
            (this.enabled = function(e) {
              return arguments.length && (t = !!e), t;
            }),
              (this.$get = [
                "$parse",
                "$sceDelegate",
                function(e, n) {
                  if (t && a < 8)
                    throw Wr(
                      "iequirks",
                      "Strict Contextual Escaping does not support Internet Explorer version < 11 in quirks mode.  You can fix this by adding the text <!doctype html> to the top of your HTML document.  See http://docs.angularjs.org/api/ng.$sce for more information."
                    );
                  var r = Gt(Gr);
                  (r.isEnabled = function() {
                    return t;
                  }),
                    (r.trustAs = n.trustAs),
                    (r.getTrusted = n.getTrusted),
                    (r.valueOf = n.valueOf),
                    t ||
                      ((r.trustAs = r.getTrusted = function(t, e) {
                        return e;
                      }),
                      (r.valueOf = I)),
                    (r.parseAs = function(t, n) {
                      var i = e(n);
                      return i.literal && i.constant
                        ? i
                        : e(n, function(e) {
                            return r.getTrusted(t, e);
                          });
                    });
                  var i = r.parseAs,
                    o = r.getTrusted,
                    u = r.trustAs;
                  return (
                    C(Gr, function(t, e) {
                      var n = h(e);
                      (r[Jr("parse_as_" + n)] = function(e) {
                        return i(t, e);
                      }),
                        (r[Jr("get_trusted_" + n)] = function(e) {
                          return o(t, e);
                        }),
                        (r[Jr("trust_as_" + n)] = function(e) {
                          return u(t, e);
                        });
                    }),
                    r
                  );
                }
              ]);
          }
          function Qr() {
            this.$get = [
              "$window",
              "$document",
              function(t, e) {
                var n = {},
                  r =
                    !(
                      !(t.nw && t.nw.process) &&
                      t.chrome &&
                      ((t.chrome.app && t.chrome.app.runtime) ||
                        (!t.chrome.app && t.chrome.runtime && t.chrome.runtime.id))
                    ) &&
                    t.history &&
                    t.history.pushState,
                  i = N((/android (\d+)/.exec(h((t.navigator || {}).userAgent)) || [])[1]),
                  o = /Boxee/i.test((t.navigator || {}).userAgent),
                  u = e[0] || {},
                  s = u.body && u.body.style,
                  c = !1,
                  l = !1;
                return (
                  s &&
                    ((c = !!("transition" in s || "webkitTransition" in s)),
                    (l = !!("animation" in s || "webkitAnimation" in s))),
                  {
                    history: !(!r || i < 4 || o),
                    hasEvent: function(t) {
                      if ("input" === t && a) return !1;
                      if (V(n[t])) {
                        var e = u.createElement("div");
                        n[t] = "on" + t in e;
                      }
                      return n[t];
                    },
                    csp: lt(),
                    transitions: c,
                    animations: l,
                    android: i
                  }
                );
              }
            ];
          }
          function ti() {
            this.$get = R(function(t) {
              return new function(t) {
                var e = {},
                  n = [],
                  r = (this.ALL_TASKS_TYPE = "$$all$$"),
                  i = (this.DEFAULT_TASK_TYPE = "$$default$$");
                function o() {
                  var t = n.pop();
                  return t && t.cb;
                }
                function a(t) {
                  for (var e = n.length - 1; e >= 0; --e) {
                    var r = n[e];
                    if (r.type === t) return n.splice(e, 1), r.cb;
                  }
                }
                (this.completeTask = function(n, u) {
                  u = u || i;
                  try {
                    n();
                  } finally {
                    !(function(t) {
                      e[(t = t || i)] && (e[t]--, e[r]--);
                    })(u);
                    var s = e[u],
                      c = e[r];
                    if (!c || !s)
                      for (var l, f = c ? a : o; (l = f(u)); )
                        try {
                          l();
                        } catch (e) {
                          t.error(e);
                        }
                  }
                }),
                  (this.incTaskCount = function(t) {
                    (e[(t = t || i)] = (e[t] || 0) + 1), (e[r] = (e[r] || 0) + 1);
                  }),
                  (this.notifyWhenNoPendingTasks = function(t, i) {
                    e[(i = i || r)] ? n.push({ type: i, cb: t }) : t();
                  });
              }(t);
            });
          }
          var ei = o("$templateRequest");
          function ni() {
            var t;
            (this.httpOptions = function(e) {
              return e ? ((t = e), this) : t;
            }),
              (this.$get = [
                "$exceptionHandler",
                "$templateCache",
                "$http",
                "$q",
                "$sce",
                function(e, n, r, i, o) {
                  function a(u, s) {
                    a.totalPendingRequests++,
                      (H(u) && !V(n.get(u))) || (u = o.getTrustedResourceUrl(u));
                    var c = r.defaults && r.defaults.transformResponse;
                    return (
                      W(c)
                        ? (c = c.filter(function(t) {
                            return t !== Vn;
                          }))
                        : c === Vn && (c = null),
                      r
                        .get(u, O({ cache: n, transformResponse: c }, t))
                        .finally(function() {
                          a.totalPendingRequests--;
                        })
                        .then(
                          function(t) {
                            return n.put(u, t.data);
                          },
                          function(t) {
                            s ||
                              ((t = ei(
                                "tpload",
                                "Failed to load template: {0} (HTTP status: {1} {2})",
                                u,
                                t.status,
                                t.statusText
                              )),
                              e(t));
                            return i.reject(t);
                          }
                        )
                    );
                  }
                  return (a.totalPendingRequests = 0), a;
                }
              ]);
          }
          function ri() {
            this.$get = [
              "$rootScope",
              "$browser",
              "$location",
              function(t, e, n) {
                var r = {
                  findBindings: function(t, e, n) {
                    var r = [];
                    return (
                      C(t.getElementsByClassName("ng-binding"), function(t) {
                        var i = w.element(t).data("$binding");
                        i &&
                          C(i, function(i) {
                            n
                              ? new RegExp("(^|\\s)" + nt(e) + "(\\s|\\||$)").test(i) && r.push(t)
                              : -1 !== i.indexOf(e) && r.push(t);
                          });
                      }),
                      r
                    );
                  },
                  findModels: function(t, e, n) {
                    for (var r = ["ng-", "data-ng-", "ng\\:"], i = 0; i < r.length; ++i) {
                      var o = "[" + r[i] + "model" + (n ? "=" : "*=") + '"' + e + '"]',
                        a = t.querySelectorAll(o);
                      if (a.length) return a;
                    }
                  },
                  getLocation: function() {
                    return n.url();
                  },
                  setLocation: function(e) {
                    e !== n.url() && (n.url(e), t.$digest());
                  },
                  whenStable: function(t) {
                    e.notifyWhenNoOutstandingRequests(t);
                  }
                };
                return r;
              }
            ];
          }
          var ii = o("$timeout");
          function oi() {
            this.$get = [
              "$rootScope",
              "$browser",
              "$q",
              "$$q",
              "$exceptionHandler",
              function(t, e, n, r, i) {
                var o = {};
                function a(a, u, s) {
                  K(a) || ((s = u), (u = a), (a = D));
                  var c,
                    l = ht(arguments, 3),
                    f = q(s) && !s,
                    p = (f ? r : n).defer(),
                    h = p.promise;
                  return (
                    (c = e.defer(
                      function() {
                        try {
                          p.resolve(a.apply(null, l));
                        } catch (t) {
                          p.reject(t), i(t);
                        } finally {
                          delete o[h.$$timeoutId];
                        }
                        f || t.$apply();
                      },
                      u,
                      "$timeout"
                    )),
                    (h.$$timeoutId = c),
                    (o[c] = p),
                    h
                  );
                }
                return (
                  (a.cancel = function(t) {
                    if (!t) return !1;
                    if (!t.hasOwnProperty("$$timeoutId"))
                      throw ii(
                        "badprom",
                        "`$timeout.cancel()` called with a promise that was not generated by `$timeout()`."
                      );
                    if (!o.hasOwnProperty(t.$$timeoutId)) return !1;
                    var n = t.$$timeoutId,
                      r = o[n];
                    return Fr(r.promise), r.reject("canceled"), delete o[n], e.defer.cancel(n);
                  }),
                  a
                );
              }
            ];
          }
          var ai,
            ui = e.document.createElement("a"),
            si = ci(e.location.href);
          function ci(t) {
            if (!H(t)) return t;
            var e = t;
            return (
              a && (ui.setAttribute("href", e), (e = ui.href)),
              ui.setAttribute("href", e),
              {
                href: ui.href,
                protocol: ui.protocol ? ui.protocol.replace(/:$/, "") : "",
                host: ui.host,
                search: ui.search ? ui.search.replace(/^\?/, "") : "",
                hash: ui.hash ? ui.hash.replace(/^#/, "") : "",
                hostname: ui.hostname,
                port: ui.port,
                pathname: "/" === ui.pathname.charAt(0) ? ui.pathname : "/" + ui.pathname
              }
            );
          }
          function li(t, e) {
            return (t = ci(t)), (e = ci(e)), t.protocol === e.protocol && t.host === e.host;
          }
          function fi() {
            this.$get = R(e);
          }
          function pi(t) {
            var e = t[0] || {},
              n = {},
              r = "";
            function i(t) {
              try {
                return decodeURIComponent(t);
              } catch (e) {
                return t;
              }
            }
            return function() {
              var t,
                o,
                a,
                u,
                s,
                c = (function(t) {
                  try {
                    return t.cookie || "";
                  } catch (t) {
                    return "";
                  }
                })(e);
              if (c !== r)
                for (t = (r = c).split("; "), n = {}, a = 0; a < t.length; a++)
                  (u = (o = t[a]).indexOf("=")) > 0 &&
                    ((s = i(o.substring(0, u))), V(n[s]) && (n[s] = i(o.substring(u + 1))));
              return n;
            };
          }
          function hi() {
            this.$get = pi;
          }
          function di(t) {
            var e = "Filter";
            function n(r, i) {
              if (U(r)) {
                var o = {};
                return (
                  C(r, function(t, e) {
                    o[e] = n(e, t);
                  }),
                  o
                );
              }
              return t.factory(r + e, i);
            }
            (this.register = n),
              (this.$get = [
                "$injector",
                function(t) {
                  return function(n) {
                    return t.get(n + e);
                  };
                }
              ]),
              n("currency", wi),
              n("date", Mi),
              n("filter", vi),
              n("json", Li),
              n("limitTo", Ri),
              n("lowercase", Di),
              n("number", xi),
              n("orderBy", Vi),
              n("uppercase", Ii);
          }
          function vi() {
            return function(t, e, n, r) {
              if (!_(t)) {
                if (null == t) return t;
                throw o("filter")("notarray", "Expected array but received: {0}", t);
              }
              var i, a;
              switch (((r = r || "$"), mi(e))) {
                case "function":
                  i = e;
                  break;
                case "boolean":
                case "null":
                case "number":
                case "string":
                  a = !0;
                case "object":
                  i = (function(t, e, n, r) {
                    var i = U(t) && n in t;
                    !0 === e
                      ? (e = ct)
                      : K(e) ||
                        (e = function(t, e) {
                          return (
                            !V(t) &&
                            (null === t || null === e
                              ? t === e
                              : !(U(e) || (U(t) && !P(t))) &&
                                ((t = h("" + t)), (e = h("" + e)), -1 !== t.indexOf(e)))
                          );
                        });
                    return function(o) {
                      return i && !U(o) ? gi(o, t[n], e, n, !1) : gi(o, t, e, n, r);
                    };
                  })(e, n, r, a);
                  break;
                default:
                  return t;
              }
              return Array.prototype.filter.call(t, i);
            };
          }
          function gi(t, e, n, r, i, o) {
            var a = mi(t),
              u = mi(e);
            if ("string" === u && "!" === e.charAt(0)) return !gi(t, e.substring(1), n, r, i);
            if (W(t))
              return t.some(function(t) {
                return gi(t, e, n, r, i);
              });
            switch (a) {
              case "object":
                var s;
                if (i) {
                  for (s in t)
                    if (s.charAt && "$" !== s.charAt(0) && gi(t[s], e, n, r, !0)) return !0;
                  return !o && gi(t, e, n, r, !1);
                }
                if ("object" === u) {
                  for (s in e) {
                    var c = e[s];
                    if (!K(c) && !V(c)) {
                      var l = s === r;
                      if (!gi(l ? t : t[s], c, n, r, l, l)) return !1;
                    }
                  }
                  return !0;
                }
                return n(t, e);
              case "function":
                return !1;
              default:
                return n(t, e);
            }
          }
          function mi(t) {
            return null === t ? "null" : typeof t;
          }
          (pi.$inject = ["$document"]), (di.$inject = ["$provide"]);
          var $i = 22,
            yi = ".",
            bi = "0";
          function wi(t) {
            var e = t.NUMBER_FORMATS;
            return function(t, n, r) {
              V(n) && (n = e.CURRENCY_SYM), V(r) && (r = e.PATTERNS[1].maxFrac);
              var i = n ? /\u00A4/g : /\s*\u00A4\s*/g;
              return null == t
                ? t
                : _i(t, e.PATTERNS[1], e.GROUP_SEP, e.DECIMAL_SEP, r).replace(i, n);
            };
          }
          function xi(t) {
            var e = t.NUMBER_FORMATS;
            return function(t, n) {
              return null == t ? t : _i(t, e.PATTERNS[0], e.GROUP_SEP, e.DECIMAL_SEP, n);
            };
          }
          function _i(t, e, n, r, i) {
            if ((!H(t) && !B(t)) || isNaN(t)) return "";
            var o,
              a = !isFinite(t),
              u = !1,
              s = Math.abs(t) + "",
              c = "";
            if (a) c = "∞";
            else {
              (function(t, e, n, r) {
                var i = t.d,
                  o = i.length - t.i,
                  a = (e = V(e) ? Math.min(Math.max(n, o), r) : +e) + t.i,
                  u = i[a];
                if (a > 0) {
                  i.splice(Math.max(t.i, a));
                  for (var s = a; s < i.length; s++) i[s] = 0;
                } else {
                  (o = Math.max(0, o)),
                    (t.i = 1),
                    (i.length = Math.max(1, (a = e + 1))),
                    (i[0] = 0);
                  for (var c = 1; c < a; c++) i[c] = 0;
                }
                if (u >= 5)
                  if (a - 1 < 0) {
                    for (var l = 0; l > a; l--) i.unshift(0), t.i++;
                    i.unshift(1), t.i++;
                  } else i[a - 1]++;
                for (; o < Math.max(0, e); o++) i.push(0);
                var f = i.reduceRight(function(t, e, n, r) {
                  return (e += t), (r[n] = e % 10), Math.floor(e / 10);
                }, 0);
                f && (i.unshift(f), t.i++);
              })(
                (o = (function(t) {
                  var e,
                    n,
                    r,
                    i,
                    o,
                    a = 0;
                  for (
                    (n = t.indexOf(yi)) > -1 && (t = t.replace(yi, "")),
                      (r = t.search(/e/i)) > 0
                        ? (n < 0 && (n = r), (n += +t.slice(r + 1)), (t = t.substring(0, r)))
                        : n < 0 && (n = t.length),
                      r = 0;
                    t.charAt(r) === bi;
                    r++
                  );
                  if (r === (o = t.length)) (e = [0]), (n = 1);
                  else {
                    for (o--; t.charAt(o) === bi; ) o--;
                    for (n -= r, e = [], i = 0; r <= o; r++, i++) e[i] = +t.charAt(r);
                  }
                  return (
                    n > $i && ((e = e.splice(0, $i - 1)), (a = n - 1), (n = 1)),
                    { d: e, e: a, i: n }
                  );
                })(s)),
                i,
                e.minFrac,
                e.maxFrac
              );
              var l = o.d,
                f = o.i,
                p = o.e,
                h = [];
              for (
                u = l.reduce(function(t, e) {
                  return t && !e;
                }, !0);
                f < 0;

              )
                l.unshift(0), f++;
              f > 0 ? (h = l.splice(f, l.length)) : ((h = l), (l = [0]));
              var d = [];
              for (
                l.length >= e.lgSize && d.unshift(l.splice(-e.lgSize, l.length).join(""));
                l.length > e.gSize;

              )
                d.unshift(l.splice(-e.gSize, l.length).join(""));
              l.length && d.unshift(l.join("")),
                (c = d.join(n)),
                h.length && (c += r + h.join("")),
                p && (c += "e+" + p);
            }
            return t < 0 && !u ? e.negPre + c + e.negSuf : e.posPre + c + e.posSuf;
          }
          function Ci(t, e, n, r) {
            var i = "";
            for (
              (t < 0 || (r && t <= 0)) && (r ? (t = 1 - t) : ((t = -t), (i = "-"))), t = "" + t;
              t.length < e;

            )
              t = bi + t;
            return n && (t = t.substr(t.length - e)), i + t;
          }
          function Si(t, e, n, r, i) {
            return (
              (n = n || 0),
              function(o) {
                var a = o["get" + t]();
                return (
                  (n > 0 || a > -n) && (a += n), 0 === a && -12 === n && (a = 12), Ci(a, e, r, i)
                );
              }
            );
          }
          function Ei(t, e, n) {
            return function(r, i) {
              var o = r["get" + t]();
              return i[d((n ? "STANDALONE" : "") + (e ? "SHORT" : "") + t)][o];
            };
          }
          function ki(t) {
            var e = new Date(t, 0, 1).getDay();
            return new Date(t, 0, (e <= 4 ? 5 : 12) - e);
          }
          function Ai(t) {
            return function(e) {
              var n = ki(e.getFullYear()),
                r =
                  +(function(t) {
                    return new Date(t.getFullYear(), t.getMonth(), t.getDate() + (4 - t.getDay()));
                  })(e) - +n;
              return Ci(1 + Math.round(r / 6048e5), t);
            };
          }
          function Ti(t, e) {
            return t.getFullYear() <= 0 ? e.ERAS[0] : e.ERAS[1];
          }
          (wi.$inject = ["$locale"]), (xi.$inject = ["$locale"]);
          var Oi = {
              yyyy: Si("FullYear", 4, 0, !1, !0),
              yy: Si("FullYear", 2, 0, !0, !0),
              y: Si("FullYear", 1, 0, !1, !0),
              MMMM: Ei("Month"),
              MMM: Ei("Month", !0),
              MM: Si("Month", 2, 1),
              M: Si("Month", 1, 1),
              LLLL: Ei("Month", !1, !0),
              dd: Si("Date", 2),
              d: Si("Date", 1),
              HH: Si("Hours", 2),
              H: Si("Hours", 1),
              hh: Si("Hours", 2, -12),
              h: Si("Hours", 1, -12),
              mm: Si("Minutes", 2),
              m: Si("Minutes", 1),
              ss: Si("Seconds", 2),
              s: Si("Seconds", 1),
              sss: Si("Milliseconds", 3),
              EEEE: Ei("Day"),
              EEE: Ei("Day", !0),
              a: function(t, e) {
                return t.getHours() < 12 ? e.AMPMS[0] : e.AMPMS[1];
              },
              Z: function(t, e, n) {
                var r = -1 * n,
                  i = r >= 0 ? "+" : "";
                return (i +=
                  Ci(Math[r > 0 ? "floor" : "ceil"](r / 60), 2) + Ci(Math.abs(r % 60), 2));
              },
              ww: Ai(2),
              w: Ai(1),
              G: Ti,
              GG: Ti,
              GGG: Ti,
              GGGG: function(t, e) {
                return t.getFullYear() <= 0 ? e.ERANAMES[0] : e.ERANAMES[1];
              }
            },
            ji = /((?:[^yMLdHhmsaZEwG']+)|(?:'(?:[^']|'')*')|(?:E+|y+|M+|L+|d+|H+|h+|m+|s+|a|Z|G+|w+))([\s\S]*)/,
            Ni = /^-?\d+$/;
          function Mi(t) {
            var e = /^(\d{4})-?(\d\d)-?(\d\d)(?:T(\d\d)(?::?(\d\d)(?::?(\d\d)(?:\.(\d+))?)?)?(Z|([+-])(\d\d):?(\d\d))?)?$/;
            return function(n, r, i) {
              var o,
                a,
                u = "",
                s = [];
              if (
                ((r = r || "mediumDate"),
                (r = t.DATETIME_FORMATS[r] || r),
                H(n) &&
                  (n = Ni.test(n)
                    ? N(n)
                    : (function(t) {
                        var n;
                        if ((n = t.match(e))) {
                          var r = new Date(0),
                            i = 0,
                            o = 0,
                            a = n[8] ? r.setUTCFullYear : r.setFullYear,
                            u = n[8] ? r.setUTCHours : r.setHours;
                          n[9] && ((i = N(n[9] + n[10])), (o = N(n[9] + n[11]))),
                            a.call(r, N(n[1]), N(n[2]) - 1, N(n[3]));
                          var s = N(n[4] || 0) - i,
                            c = N(n[5] || 0) - o,
                            l = N(n[6] || 0),
                            f = Math.round(1e3 * parseFloat("0." + (n[7] || 0)));
                          return u.call(r, s, c, l, f), r;
                        }
                        return t;
                      })(n)),
                B(n) && (n = new Date(n)),
                !z(n) || !isFinite(n.getTime()))
              )
                return n;
              for (; r; )
                (a = ji.exec(r)) ? (r = (s = pt(s, a, 1)).pop()) : (s.push(r), (r = null));
              var c = n.getTimezoneOffset();
              return (
                i && ((c = yt(i, c)), (n = wt(n, i, !0))),
                C(s, function(e) {
                  (o = Oi[e]),
                    (u += o
                      ? o(n, t.DATETIME_FORMATS, c)
                      : "''" === e
                        ? "'"
                        : e.replace(/(^'|'$)/g, "").replace(/''/g, "'"));
                }),
                u
              );
            };
          }
          function Li() {
            return function(t, e) {
              return V(e) && (e = 2), gt(t, e);
            };
          }
          Mi.$inject = ["$locale"];
          var Di = R(h),
            Ii = R(d);
          function Ri() {
            return function(t, e, n) {
              return (
                (e = Math.abs(Number(e)) === 1 / 0 ? Number(e) : N(e)),
                M(e)
                  ? t
                  : (B(t) && (t = t.toString()),
                    _(t)
                      ? ((n = (n = !n || isNaN(n) ? 0 : N(n)) < 0 ? Math.max(0, t.length + n) : n),
                        e >= 0
                          ? Pi(t, n, n + e)
                          : 0 === n
                            ? Pi(t, e, t.length)
                            : Pi(t, Math.max(0, n + e), n))
                      : t)
              );
            };
          }
          function Pi(t, e, n) {
            return H(t) ? t.slice(e, n) : v.call(t, e, n);
          }
          function Vi(t) {
            return function(r, i, a, u) {
              if (null == r) return r;
              if (!_(r)) throw o("orderBy")("notarray", "Expected array but received: {0}", r);
              W(i) || (i = [i]), 0 === i.length && (i = ["+"]);
              var s = (function(e) {
                  return e.map(function(e) {
                    var n = 1,
                      r = I;
                    if (K(e)) r = e;
                    else if (
                      H(e) &&
                      (("+" !== e.charAt(0) && "-" !== e.charAt(0)) ||
                        ((n = "-" === e.charAt(0) ? -1 : 1), (e = e.substring(1))),
                      "" !== e && (r = t(e)).constant)
                    ) {
                      var i = r();
                      r = function(t) {
                        return t[i];
                      };
                    }
                    return { get: r, descending: n };
                  });
                })(i),
                c = a ? -1 : 1,
                l = K(u) ? u : n,
                f = Array.prototype.map.call(r, function(t, n) {
                  return {
                    value: t,
                    tieBreaker: { value: n, type: "number", index: n },
                    predicateValues: s.map(function(r) {
                      return (function(t, n) {
                        var r = typeof t;
                        null === t
                          ? (r = "null")
                          : "object" === r &&
                            (t = (function(t) {
                              if (K(t.valueOf) && e((t = t.valueOf()))) return t;
                              if (P(t) && e((t = t.toString()))) return t;
                              return t;
                            })(t));
                        return { value: t, type: r, index: n };
                      })(r.get(t), n);
                    })
                  };
                });
              return (
                f.sort(function(t, e) {
                  for (var r = 0, i = s.length; r < i; r++) {
                    var o = l(t.predicateValues[r], e.predicateValues[r]);
                    if (o) return o * s[r].descending * c;
                  }
                  return (l(t.tieBreaker, e.tieBreaker) || n(t.tieBreaker, e.tieBreaker)) * c;
                }),
                (r = f.map(function(t) {
                  return t.value;
                }))
              );
            };
            function e(t) {
              switch (typeof t) {
                case "number":
                case "boolean":
                case "string":
                  return !0;
                default:
                  return !1;
              }
            }
            function n(t, e) {
              var n = 0,
                r = t.type,
                i = e.type;
              if (r === i) {
                var o = t.value,
                  a = e.value;
                "string" === r
                  ? ((o = o.toLowerCase()), (a = a.toLowerCase()))
                  : "object" === r && (U(o) && (o = t.index), U(a) && (a = e.index)),
                  o !== a && (n = o < a ? -1 : 1);
              } else
                n =
                  "undefined" === r
                    ? 1
                    : "undefined" === i
                      ? -1
                      : "null" === r
                        ? 1
                        : "null" === i
                          ? -1
                          : r < i
                            ? -1
                            : 1;
              return n;
            }
          }
          function qi(t) {
            return K(t) && (t = { link: t }), (t.restrict = t.restrict || "AC"), R(t);
          }
          Vi.$inject = ["$parse"];
          var Ui = R({
              restrict: "E",
              compile: function(t, e) {
                if (!e.href && !e.xlinkHref)
                  return function(t, e) {
                    if ("a" === e[0].nodeName.toLowerCase()) {
                      var n =
                        "[object SVGAnimatedString]" === $.call(e.prop("href"))
                          ? "xlink:href"
                          : "href";
                      e.on("click", function(t) {
                        e.attr(n) || t.preventDefault();
                      });
                    }
                  };
              }
            }),
            Fi = {};
          C(Ne, function(t, e) {
            if ("multiple" !== t) {
              var n = bn("ng-" + e),
                r = i;
              "checked" === t &&
                (r = function(t, e, r) {
                  r.ngModel !== r[n] && i(t, 0, r);
                }),
                (Fi[n] = function() {
                  return { restrict: "A", priority: 100, link: r };
                });
            }
            function i(t, r, i) {
              t.$watch(i[n], function(t) {
                i.$set(e, !!t);
              });
            }
          }),
            C(Le, function(t, e) {
              Fi[e] = function() {
                return {
                  priority: 100,
                  link: function(t, n, r) {
                    if ("ngPattern" === e && "/" === r.ngPattern.charAt(0)) {
                      var i = r.ngPattern.match(l);
                      if (i) return void r.$set("ngPattern", new RegExp(i[1], i[2]));
                    }
                    t.$watch(r[e], function(t) {
                      r.$set(e, t);
                    });
                  }
                };
              };
            }),
            C(["src", "srcset", "href"], function(t) {
              var e = bn("ng-" + t);
              Fi[e] = function() {
                return {
                  priority: 99,
                  link: function(n, r, i) {
                    var o = t,
                      u = t;
                    "href" === t &&
                      "[object SVGAnimatedString]" === $.call(r.prop("href")) &&
                      ((u = "xlinkHref"), (i.$attr[u] = "xlink:href"), (o = null)),
                      i.$observe(e, function(e) {
                        e
                          ? (i.$set(u, e), a && o && r.prop(o, i[u]))
                          : "href" === t && i.$set(u, null);
                      });
                  }
                };
              };
            });
          var Hi = {
              $addControl: D,
              $getControls: R([]),
              $$renameControl: function(t, e) {
                t.$name = e;
              },
              $removeControl: D,
              $setValidity: D,
              $setDirty: D,
              $setPristine: D,
              $setSubmitted: D,
              $$setSubmitted: D
            },
            Bi = "ng-pending";
          function zi(t, e, n, r, i) {
            (this.$$controls = []),
              (this.$error = {}),
              (this.$$success = {}),
              (this.$pending = void 0),
              (this.$name = i(e.name || e.ngForm || "")(n)),
              (this.$dirty = !1),
              (this.$pristine = !0),
              (this.$valid = !0),
              (this.$invalid = !1),
              (this.$submitted = !1),
              (this.$$parentForm = Hi),
              (this.$$element = t),
              (this.$$animate = r),
              Ji(this);
          }
          (zi.$inject = ["$element", "$attrs", "$scope", "$animate", "$interpolate"]),
            (zi.prototype = {
              $rollbackViewValue: function() {
                C(this.$$controls, function(t) {
                  t.$rollbackViewValue();
                });
              },
              $commitViewValue: function() {
                C(this.$$controls, function(t) {
                  t.$commitViewValue();
                });
              },
              $addControl: function(t) {
                Pt(t.$name, "input"),
                  this.$$controls.push(t),
                  t.$name && (this[t.$name] = t),
                  (t.$$parentForm = this);
              },
              $getControls: function() {
                return Gt(this.$$controls);
              },
              $$renameControl: function(t, e) {
                var n = t.$name;
                this[n] === t && delete this[n], (this[e] = t), (t.$name = e);
              },
              $removeControl: function(t) {
                t.$name && this[t.$name] === t && delete this[t.$name],
                  C(
                    this.$pending,
                    function(e, n) {
                      this.$setValidity(n, null, t);
                    },
                    this
                  ),
                  C(
                    this.$error,
                    function(e, n) {
                      this.$setValidity(n, null, t);
                    },
                    this
                  ),
                  C(
                    this.$$success,
                    function(e, n) {
                      this.$setValidity(n, null, t);
                    },
                    this
                  ),
                  at(this.$$controls, t),
                  (t.$$parentForm = Hi);
              },
              $setDirty: function() {
                this.$$animate.removeClass(this.$$element, zo),
                  this.$$animate.addClass(this.$$element, Wo),
                  (this.$dirty = !0),
                  (this.$pristine = !1),
                  this.$$parentForm.$setDirty();
              },
              $setPristine: function() {
                this.$$animate.setClass(this.$$element, zo, Wo + " ng-submitted"),
                  (this.$dirty = !1),
                  (this.$pristine = !0),
                  (this.$submitted = !1),
                  C(this.$$controls, function(t) {
                    t.$setPristine();
                  });
              },
              $setUntouched: function() {
                C(this.$$controls, function(t) {
                  t.$setUntouched();
                });
              },
              $setSubmitted: function() {
                for (var t = this; t.$$parentForm && t.$$parentForm !== Hi; ) t = t.$$parentForm;
                t.$$setSubmitted();
              },
              $$setSubmitted: function() {
                this.$$animate.addClass(this.$$element, "ng-submitted"),
                  (this.$submitted = !0),
                  C(this.$$controls, function(t) {
                    t.$$setSubmitted && t.$$setSubmitted();
                  });
              }
            }),
            Yi({
              clazz: zi,
              set: function(t, e, n) {
                var r = t[e];
                r ? -1 === r.indexOf(n) && r.push(n) : (t[e] = [n]);
              },
              unset: function(t, e, n) {
                var r = t[e];
                r && (at(r, n), 0 === r.length && delete t[e]);
              }
            });
          var Wi = function(t) {
              return [
                "$timeout",
                "$parse",
                function(e, n) {
                  return {
                    name: "form",
                    restrict: t ? "EAC" : "E",
                    require: ["form", "^^?form"],
                    controller: zi,
                    compile: function(n, i) {
                      n.addClass(zo).addClass(Ho);
                      var o = i.name ? "name" : !(!t || !i.ngForm) && "ngForm";
                      return {
                        pre: function(t, n, i, a) {
                          var u = a[0];
                          if (!("action" in i)) {
                            var s = function(e) {
                              t.$apply(function() {
                                u.$commitViewValue(), u.$setSubmitted();
                              }),
                                e.preventDefault();
                            };
                            n[0].addEventListener("submit", s),
                              n.on("$destroy", function() {
                                e(
                                  function() {
                                    n[0].removeEventListener("submit", s);
                                  },
                                  0,
                                  !1
                                );
                              });
                          }
                          (a[1] || u.$$parentForm).$addControl(u);
                          var c = o ? r(u.$name) : D;
                          o &&
                            (c(t, u),
                            i.$observe(o, function(e) {
                              u.$name !== e &&
                                (c(t, void 0),
                                u.$$parentForm.$$renameControl(u, e),
                                (c = r(u.$name))(t, u));
                            })),
                            n.on("$destroy", function() {
                              u.$$parentForm.$removeControl(u), c(t, void 0), O(u, Hi);
                            });
                        }
                      };
                    }
                  };
                  function r(t) {
                    return "" === t ? n('this[""]').assign : n(t).assign || D;
                  }
                }
              ];
            },
            Gi = Wi(),
            Ki = Wi(!0);
          function Ji(t) {
            (t.$$classCache = {}),
              (t.$$classCache[Bo] = !(t.$$classCache[Ho] = t.$$element.hasClass(Ho)));
          }
          function Yi(t) {
            var e = t.clazz,
              n = t.set,
              r = t.unset;
            function i(t, e, n) {
              n && !t.$$classCache[e]
                ? (t.$$animate.addClass(t.$$element, e), (t.$$classCache[e] = !0))
                : !n &&
                  t.$$classCache[e] &&
                  (t.$$animate.removeClass(t.$$element, e), (t.$$classCache[e] = !1));
            }
            function o(t, e, n) {
              (e = e ? "-" + Lt(e, "-") : ""), i(t, Ho + e, !0 === n), i(t, Bo + e, !1 === n);
            }
            e.prototype.$setValidity = function(t, e, a) {
              var u;
              V(e)
                ? (function(t, e, r, i) {
                    t[e] || (t[e] = {});
                    n(t[e], r, i);
                  })(this, "$pending", t, a)
                : (function(t, e, n, i) {
                    t[e] && r(t[e], n, i);
                    Zi(t[e]) && (t[e] = void 0);
                  })(this, "$pending", t, a),
                X(e)
                  ? e
                    ? (r(this.$error, t, a), n(this.$$success, t, a))
                    : (n(this.$error, t, a), r(this.$$success, t, a))
                  : (r(this.$error, t, a), r(this.$$success, t, a)),
                this.$pending
                  ? (i(this, Bi, !0), (this.$valid = this.$invalid = void 0), o(this, "", null))
                  : (i(this, Bi, !1),
                    (this.$valid = Zi(this.$error)),
                    (this.$invalid = !this.$valid),
                    o(this, "", this.$valid)),
                o(
                  this,
                  t,
                  (u =
                    this.$pending && this.$pending[t]
                      ? void 0
                      : !this.$error[t] && (!!this.$$success[t] || null))
                ),
                this.$$parentForm.$setValidity(t, u, this);
            };
          }
          function Zi(t) {
            if (t) for (var e in t) if (t.hasOwnProperty(e)) return !1;
            return !0;
          }
          var Xi = /^\d{4,}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\d\.\d+(?:[+-][0-2]\d:[0-5]\d|Z)$/,
            Qi = /^[a-z][a-z\d.+-]*:\/*(?:[^:@]+(?::[^@]+)?@)?(?:[^\s:/?#]+|\[[a-f\d:]+])(?::\d+)?(?:\/[^?#]*)?(?:\?[^#]*)?(?:#.*)?$/i,
            to = /^(?=.{1,254}$)(?=.{1,64}@)[-!#$%&'*+/0-9=?A-Z^_`a-z{|}~]+(\.[-!#$%&'*+/0-9=?A-Z^_`a-z{|}~]+)*@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
            eo = /^\s*(-|\+)?(\d+|(\d*(\.\d*)))([eE][+-]?\d+)?\s*$/,
            no = /^(\d{4,})-(\d{2})-(\d{2})$/,
            ro = /^(\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(\.\d{1,3})?)?$/,
            io = /^(\d{4,})-W(\d\d)$/,
            oo = /^(\d{4,})-(\d\d)$/,
            ao = /^(\d\d):(\d\d)(?::(\d\d)(\.\d{1,3})?)?$/,
            uo = "keydown wheel mousedown",
            so = qt();
          C("date,datetime-local,month,time,week".split(","), function(t) {
            so[t] = !0;
          });
          var co = {
            text: function(t, e, n, r, i, o) {
              fo(t, e, n, r, i, o), lo(r);
            },
            date: ho("date", no, po(no, ["yyyy", "MM", "dd"]), "yyyy-MM-dd"),
            "datetime-local": ho(
              "datetimelocal",
              ro,
              po(ro, ["yyyy", "MM", "dd", "HH", "mm", "ss", "sss"]),
              "yyyy-MM-ddTHH:mm:ss.sss"
            ),
            time: ho("time", ao, po(ao, ["HH", "mm", "ss", "sss"]), "HH:mm:ss.sss"),
            week: ho(
              "week",
              io,
              function(t, e) {
                if (z(t)) return t;
                if (H(t)) {
                  io.lastIndex = 0;
                  var n = io.exec(t);
                  if (n) {
                    var r = +n[1],
                      i = +n[2],
                      o = 0,
                      a = 0,
                      u = 0,
                      s = 0,
                      c = ki(r),
                      l = 7 * (i - 1);
                    return (
                      e &&
                        ((o = e.getHours()),
                        (a = e.getMinutes()),
                        (u = e.getSeconds()),
                        (s = e.getMilliseconds())),
                      new Date(r, 0, c.getDate() + l, o, a, u, s)
                    );
                  }
                }
                return NaN;
              },
              "yyyy-Www"
            ),
            month: ho("month", oo, po(oo, ["yyyy", "MM"]), "yyyy-MM"),
            number: function(t, e, n, r, i, o) {
              var a, u;
              vo(t, e, n, r, "number"),
                go(r),
                fo(t, e, n, r, i, o),
                (q(n.min) || n.ngMin) &&
                  ((r.$validators.min = function(t, e) {
                    return r.$isEmpty(e) || V(a) || e >= a;
                  }),
                  n.$observe("min", function(t) {
                    (a = mo(t)), r.$validate();
                  }));
              (q(n.max) || n.ngMax) &&
                ((r.$validators.max = function(t, e) {
                  return r.$isEmpty(e) || V(u) || e <= u;
                }),
                n.$observe("max", function(t) {
                  (u = mo(t)), r.$validate();
                }));
              if (q(n.step) || n.ngStep) {
                var s;
                (r.$validators.step = function(t, e) {
                  return r.$isEmpty(e) || V(s) || bo(e, a || 0, s);
                }),
                  n.$observe("step", function(t) {
                    (s = mo(t)), r.$validate();
                  });
              }
            },
            url: function(t, e, n, r, i, o) {
              fo(t, e, n, r, i, o),
                lo(r),
                (r.$validators.url = function(t, e) {
                  var n = t || e;
                  return r.$isEmpty(n) || Qi.test(n);
                });
            },
            email: function(t, e, n, r, i, o) {
              fo(t, e, n, r, i, o),
                lo(r),
                (r.$validators.email = function(t, e) {
                  var n = t || e;
                  return r.$isEmpty(n) || to.test(n);
                });
            },
            radio: function(t, e, n, r) {
              var i = !n.ngTrim || "false" !== et(n.ngTrim);
              V(n.name) && e.attr("name", k());
              e.on("change", function(t) {
                var o;
                e[0].checked && ((o = n.value), i && (o = et(o)), r.$setViewValue(o, t && t.type));
              }),
                (r.$render = function() {
                  var t = n.value;
                  i && (t = et(t)), (e[0].checked = t === r.$viewValue);
                }),
                n.$observe("value", r.$render);
            },
            range: function(t, e, n, r, i, o) {
              vo(t, e, n, r, "range"), go(r), fo(t, e, n, r, i, o);
              var a = r.$$hasNativeValidators && "range" === e[0].type,
                u = a ? 0 : void 0,
                s = a ? 100 : void 0,
                c = a ? 1 : void 0,
                l = e[0].validity,
                f = q(n.min),
                p = q(n.max),
                h = q(n.step),
                d = r.$render;
              (r.$render =
                a && q(l.rangeUnderflow) && q(l.rangeOverflow)
                  ? function() {
                      d(), r.$setViewValue(e.val());
                    }
                  : d),
                f &&
                  ((r.$validators.min = a
                    ? function() {
                        return !0;
                      }
                    : function(t, e) {
                        return r.$isEmpty(e) || V(u) || e >= u;
                      }),
                  v("min", function(t) {
                    if (((u = mo(t)), M(r.$modelValue))) return;
                    if (a) {
                      var n = e.val();
                      u > n && ((n = u), e.val(n)), r.$setViewValue(n);
                    } else r.$validate();
                  }));
              p &&
                ((r.$validators.max = a
                  ? function() {
                      return !0;
                    }
                  : function(t, e) {
                      return r.$isEmpty(e) || V(s) || e <= s;
                    }),
                v("max", function(t) {
                  if (((s = mo(t)), M(r.$modelValue))) return;
                  if (a) {
                    var n = e.val();
                    s < n && (e.val(s), (n = s < u ? u : s)), r.$setViewValue(n);
                  } else r.$validate();
                }));
              h &&
                ((r.$validators.step = a
                  ? function() {
                      return !l.stepMismatch;
                    }
                  : function(t, e) {
                      return r.$isEmpty(e) || V(c) || bo(e, u || 0, c);
                    }),
                v("step", function(t) {
                  if (((c = mo(t)), M(r.$modelValue))) return;
                  a && r.$viewValue !== e.val() ? r.$setViewValue(e.val()) : r.$validate();
                }));
              function v(t, r) {
                e.attr(t, n[t]), n.$observe(t, r);
              }
            },
            checkbox: function(t, e, n, r, i, o, a, u) {
              var s = wo(u, t, "ngTrueValue", n.ngTrueValue, !0),
                c = wo(u, t, "ngFalseValue", n.ngFalseValue, !1);
              e.on("change", function(t) {
                r.$setViewValue(e[0].checked, t && t.type);
              }),
                (r.$render = function() {
                  e[0].checked = r.$viewValue;
                }),
                (r.$isEmpty = function(t) {
                  return !1 === t;
                }),
                r.$formatters.push(function(t) {
                  return ct(t, s);
                }),
                r.$parsers.push(function(t) {
                  return t ? s : c;
                });
            },
            hidden: D,
            button: D,
            submit: D,
            reset: D,
            file: D
          };
          function lo(t) {
            t.$formatters.push(function(e) {
              return t.$isEmpty(e) ? e : e.toString();
            });
          }
          function fo(t, e, n, r, i, o) {
            var a,
              u = h(e[0].type);
            if (!i.android) {
              var s = !1;
              e.on("compositionstart", function() {
                s = !0;
              }),
                e.on("compositionupdate", function(t) {
                  (V(t.data) || "" === t.data) && (s = !1);
                }),
                e.on("compositionend", function() {
                  (s = !1), c();
                });
            }
            var c = function(t) {
              if ((a && (o.defer.cancel(a), (a = null)), !s)) {
                var i = e.val(),
                  c = t && t.type;
                "password" === u || (n.ngTrim && "false" === n.ngTrim) || (i = et(i)),
                  (r.$viewValue !== i || ("" === i && r.$$hasNativeValidators)) &&
                    r.$setViewValue(i, c);
              }
            };
            if (i.hasEvent("input")) e.on("input", c);
            else {
              var l = function(t, e, n) {
                a ||
                  (a = o.defer(function() {
                    (a = null), (e && e.value === n) || c(t);
                  }));
              };
              e.on("keydown", function(t) {
                var e = t.keyCode;
                91 === e || (15 < e && e < 19) || (37 <= e && e <= 40) || l(t, this, this.value);
              }),
                i.hasEvent("paste") && e.on("paste cut drop", l);
            }
            e.on("change", c),
              so[u] &&
                r.$$hasNativeValidators &&
                u === n.type &&
                e.on(uo, function(t) {
                  if (!a) {
                    var e = this[f],
                      n = e.badInput,
                      r = e.typeMismatch;
                    a = o.defer(function() {
                      (a = null), (e.badInput === n && e.typeMismatch === r) || c(t);
                    });
                  }
                }),
              (r.$render = function() {
                var t = r.$isEmpty(r.$viewValue) ? "" : r.$viewValue;
                e.val() !== t && e.val(t);
              });
          }
          function po(t, e) {
            return function(n, r) {
              var i, o;
              if (z(n)) return n;
              if (H(n)) {
                if (
                  ('"' === n.charAt(0) &&
                    '"' === n.charAt(n.length - 1) &&
                    (n = n.substring(1, n.length - 1)),
                  Xi.test(n))
                )
                  return new Date(n);
                if (((t.lastIndex = 0), (i = t.exec(n)))) {
                  i.shift(),
                    (o = r
                      ? {
                          yyyy: r.getFullYear(),
                          MM: r.getMonth() + 1,
                          dd: r.getDate(),
                          HH: r.getHours(),
                          mm: r.getMinutes(),
                          ss: r.getSeconds(),
                          sss: r.getMilliseconds() / 1e3
                        }
                      : { yyyy: 1970, MM: 1, dd: 1, HH: 0, mm: 0, ss: 0, sss: 0 }),
                    C(i, function(t, n) {
                      n < e.length && (o[e[n]] = +t);
                    });
                  var a = new Date(o.yyyy, o.MM - 1, o.dd, o.HH, o.mm, o.ss || 0, 1e3 * o.sss || 0);
                  return o.yyyy < 100 && a.setFullYear(o.yyyy), a;
                }
              }
              return NaN;
            };
          }
          function ho(t, e, n, r) {
            return function(i, o, a, u, s, c, l) {
              vo(i, o, a, u, t), fo(0, o, a, u, s, c);
              var f,
                p,
                h,
                d,
                v = "time" === t || "datetimelocal" === t;
              (u.$parsers.push(function(n) {
                return u.$isEmpty(n) ? null : e.test(n) ? $(n, f) : void (u.$$parserName = t);
              }),
              u.$formatters.push(function(t) {
                if (t && !z(t)) throw Go("datefmt", "Expected `{0}` to be a date", t);
                if (g(t)) {
                  f = t;
                  var e = u.$options.getOption("timezone");
                  return (
                    e && ((p = e), (f = wt(f, e, !0))),
                    (function(t, e) {
                      var n = r;
                      v &&
                        H(u.$options.getOption("timeSecondsFormat")) &&
                        (n = r
                          .replace("ss.sss", u.$options.getOption("timeSecondsFormat"))
                          .replace(/:$/, ""));
                      var i = l("date")(t, n, e);
                      v &&
                        u.$options.getOption("timeStripZeroSeconds") &&
                        (i = i.replace(/(?::00)?(?:\.000)?$/, ""));
                      return i;
                    })(t, e)
                  );
                }
                return (f = null), (p = null), "";
              }),
              q(a.min) || a.ngMin) &&
                ((u.$validators.min = function(t) {
                  return !g(t) || V(h) || n(t) >= h;
                }),
                a.$observe("min", function(t) {
                  (h = m(t)), u.$validate();
                }));
              (q(a.max) || a.ngMax) &&
                ((u.$validators.max = function(t) {
                  return !g(t) || V(d) || n(t) <= d;
                }),
                a.$observe("max", function(t) {
                  (d = m(t)), u.$validate();
                }));
              function g(t) {
                return t && !(t.getTime && t.getTime() != t.getTime());
              }
              function m(t) {
                return q(t) && !z(t) ? $(t) || void 0 : t;
              }
              function $(t, e) {
                var r = u.$options.getOption("timezone");
                p && p !== r && (e = bt(e, yt(p)));
                var i = n(t, e);
                return !isNaN(i) && r && (i = wt(i, r)), i;
              }
            };
          }
          function vo(t, e, n, r, i) {
            var o = e[0];
            (r.$$hasNativeValidators = U(o.validity)) &&
              r.$parsers.push(function(t) {
                var n = e.prop(f) || {};
                if (!n.badInput && !n.typeMismatch) return t;
                r.$$parserName = i;
              });
          }
          function go(t) {
            t.$parsers.push(function(e) {
              return t.$isEmpty(e)
                ? null
                : eo.test(e)
                  ? parseFloat(e)
                  : void (t.$$parserName = "number");
            }),
              t.$formatters.push(function(e) {
                if (!t.$isEmpty(e)) {
                  if (!B(e)) throw Go("numfmt", "Expected `{0}` to be a number", e);
                  e = e.toString();
                }
                return e;
              });
          }
          function mo(t) {
            return q(t) && !B(t) && (t = parseFloat(t)), M(t) ? void 0 : t;
          }
          function $o(t) {
            return (0 | t) === t;
          }
          function yo(t) {
            var e = t.toString(),
              n = e.indexOf(".");
            if (-1 === n) {
              if (-1 < t && t < 1) {
                var r = /e-(\d+)$/.exec(e);
                if (r) return Number(r[1]);
              }
              return 0;
            }
            return e.length - n - 1;
          }
          function bo(t, e, n) {
            var r = Number(t),
              i = !$o(r),
              o = !$o(e),
              a = !$o(n);
            if (i || o || a) {
              var u = i ? yo(r) : 0,
                s = o ? yo(e) : 0,
                c = a ? yo(n) : 0,
                l = Math.max(u, s, c),
                f = Math.pow(10, l);
              (r *= f),
                (e *= f),
                (n *= f),
                i && (r = Math.round(r)),
                o && (e = Math.round(e)),
                a && (n = Math.round(n));
            }
            return (r - e) % n == 0;
          }
          function wo(t, e, n, r, i) {
            var o;
            if (q(r)) {
              if (!(o = t(r)).constant)
                throw Go(
                  "constexpr",
                  "Expected constant expression for `{0}`, but saw `{1}`.",
                  n,
                  r
                );
              return o(e);
            }
            return i;
          }
          var xo = [
              "$browser",
              "$sniffer",
              "$filter",
              "$parse",
              function(t, e, n, r) {
                return {
                  restrict: "E",
                  require: ["?ngModel"],
                  link: {
                    pre: function(i, o, a, u) {
                      u[0] && (co[h(a.type)] || co.text)(i, o, a, u[0], e, t, n, r);
                    }
                  }
                };
              }
            ],
            _o = /^(true|false|\d+)$/,
            Co = function() {
              function t(t, e, n) {
                var r = q(n) ? n : 9 === a ? "" : null;
                t.prop("value", r), e.$set("value", n);
              }
              return {
                restrict: "A",
                priority: 100,
                compile: function(e, n) {
                  return _o.test(n.ngValue)
                    ? function(e, n, r) {
                        t(n, r, e.$eval(r.ngValue));
                      }
                    : function(e, n, r) {
                        e.$watch(r.ngValue, function(e) {
                          t(n, r, e);
                        });
                      };
                }
              };
            },
            So = [
              "$compile",
              function(t) {
                return {
                  restrict: "AC",
                  compile: function(e) {
                    return (
                      t.$$addBindingClass(e),
                      function(e, n, r) {
                        t.$$addBindingInfo(n, r.ngBind),
                          (n = n[0]),
                          e.$watch(r.ngBind, function(t) {
                            n.textContent = Ut(t);
                          });
                      }
                    );
                  }
                };
              }
            ],
            Eo = [
              "$interpolate",
              "$compile",
              function(t, e) {
                return {
                  compile: function(n) {
                    return (
                      e.$$addBindingClass(n),
                      function(n, r, i) {
                        var o = t(r.attr(i.$attr.ngBindTemplate));
                        e.$$addBindingInfo(r, o.expressions),
                          (r = r[0]),
                          i.$observe("ngBindTemplate", function(t) {
                            r.textContent = V(t) ? "" : t;
                          });
                      }
                    );
                  }
                };
              }
            ],
            ko = [
              "$sce",
              "$parse",
              "$compile",
              function(t, e, n) {
                return {
                  restrict: "A",
                  compile: function(r, i) {
                    var o = e(i.ngBindHtml),
                      a = e(i.ngBindHtml, function(e) {
                        return t.valueOf(e);
                      });
                    return (
                      n.$$addBindingClass(r),
                      function(e, r, i) {
                        n.$$addBindingInfo(r, i.ngBindHtml),
                          e.$watch(a, function() {
                            var n = o(e);
                            r.html(t.getTrustedHtml(n) || "");
                          });
                      }
                    );
                  }
                };
              }
            ],
            Ao = R({
              restrict: "A",
              require: "ngModel",
              link: function(t, e, n, r) {
                r.$viewChangeListeners.push(function() {
                  t.$eval(n.ngChange);
                });
              }
            });
          function To(t, e) {
            var n;
            return (
              (t = "ngClass" + t),
              [
                "$parse",
                function(a) {
                  return {
                    restrict: "AC",
                    link: function(u, s, c) {
                      var l,
                        f = s.data("$classCounts"),
                        p = !0;
                      function h(t, e) {
                        var n = [];
                        return (
                          C(t, function(t) {
                            (e > 0 || f[t]) &&
                              ((f[t] = (f[t] || 0) + e), f[t] === +(e > 0) && n.push(t));
                          }),
                          n.join(" ")
                        );
                      }
                      f || ((f = qt()), s.data("$classCounts", f)),
                        "ngClass" !== t &&
                          (n ||
                            (n = a("$index", function(t) {
                              return 1 & t;
                            })),
                          u.$watch(n, function(t) {
                            t === e
                              ? (function(t) {
                                  (t = h(i(t), 1)), c.$addClass(t);
                                })(l)
                              : (function(t) {
                                  (t = h(i(t), -1)), c.$removeClass(t);
                                })(l);
                            p = t;
                          })),
                        u.$watch(a(c[t], o), function(t) {
                          p === e &&
                            (function(t, e) {
                              var n = i(t),
                                o = i(e),
                                a = r(n, o),
                                u = r(o, n),
                                s = h(a, -1),
                                l = h(u, 1);
                              c.$addClass(l), c.$removeClass(s);
                            })(l, t);
                          l = t;
                        });
                    }
                  };
                }
              ]
            );
            function r(t, e) {
              if (!t || !t.length) return [];
              if (!e || !e.length) return t;
              var n = [];
              t: for (var r = 0; r < t.length; r++) {
                for (var i = t[r], o = 0; o < e.length; o++) if (i === e[o]) continue t;
                n.push(i);
              }
              return n;
            }
            function i(t) {
              return t && t.split(" ");
            }
            function o(t) {
              var e = t;
              return (
                W(t)
                  ? (e = t.map(o).join(" "))
                  : U(t) &&
                    (e = Object.keys(t)
                      .filter(function(e) {
                        return t[e];
                      })
                      .join(" ")),
                e
              );
            }
          }
          var Oo = To("", !0),
            jo = To("Odd", 0),
            No = To("Even", 1),
            Mo = qi({
              compile: function(t, e) {
                e.$set("ngCloak", void 0), t.removeClass("ng-cloak");
              }
            }),
            Lo = [
              function() {
                return { restrict: "A", scope: !0, controller: "@", priority: 500 };
              }
            ],
            Do = {},
            Io = { blur: !0, focus: !0 };
          function Ro(t, e, n, r, i, o) {
            return {
              restrict: "A",
              compile: function(a, u) {
                var s = t(u[r]);
                return function(t, r) {
                  r.on(i, function(r) {
                    var i = function() {
                      s(t, { $event: r });
                    };
                    if (e.$$phase)
                      if (o) t.$evalAsync(i);
                      else
                        try {
                          i();
                        } catch (t) {
                          n(t);
                        }
                    else t.$apply(i);
                  });
                };
              }
            };
          }
          C(
            "click dblclick mousedown mouseup mouseover mouseout mousemove mouseenter mouseleave keydown keyup keypress submit focus blur copy cut paste".split(
              " "
            ),
            function(t) {
              var e = bn("ng-" + t);
              Do[e] = [
                "$parse",
                "$rootScope",
                "$exceptionHandler",
                function(n, r, i) {
                  return Ro(n, r, i, e, t, Io[t]);
                }
              ];
            }
          );
          var Po = [
              "$animate",
              "$compile",
              function(t, e) {
                return {
                  multiElement: !0,
                  transclude: "element",
                  priority: 600,
                  terminal: !0,
                  restrict: "A",
                  $$tlb: !0,
                  link: function(n, r, i, o, a) {
                    var u, s, c;
                    n.$watch(i.ngIf, function(n) {
                      n
                        ? s ||
                          a(function(n, o) {
                            (s = o),
                              (n[n.length++] = e.$$createComment("end ngIf", i.ngIf)),
                              (u = { clone: n }),
                              t.enter(n, r.parent(), r);
                          })
                        : (c && (c.remove(), (c = null)),
                          s && (s.$destroy(), (s = null)),
                          u &&
                            ((c = Vt(u.clone)),
                            t.leave(c).done(function(t) {
                              !1 !== t && (c = null);
                            }),
                            (u = null)));
                    });
                  }
                };
              }
            ],
            Vo = [
              "$templateRequest",
              "$anchorScroll",
              "$animate",
              function(t, e, n) {
                return {
                  restrict: "ECA",
                  priority: 400,
                  terminal: !0,
                  transclude: "element",
                  controller: w.noop,
                  compile: function(r, i) {
                    var o = i.ngInclude || i.src,
                      a = i.onload || "",
                      u = i.autoscroll;
                    return function(r, i, s, c, l) {
                      var f,
                        p,
                        h,
                        d = 0,
                        v = function() {
                          p && (p.remove(), (p = null)),
                            f && (f.$destroy(), (f = null)),
                            h &&
                              (n.leave(h).done(function(t) {
                                !1 !== t && (p = null);
                              }),
                              (p = h),
                              (h = null));
                        };
                      r.$watch(o, function(o) {
                        var s = function(t) {
                            !1 === t || !q(u) || (u && !r.$eval(u)) || e();
                          },
                          p = ++d;
                        o
                          ? (t(o, !0).then(
                              function(t) {
                                if (!r.$$destroyed && p === d) {
                                  var e = r.$new();
                                  c.template = t;
                                  var u = l(e, function(t) {
                                    v(), n.enter(t, null, i).done(s);
                                  });
                                  (h = u), (f = e).$emit("$includeContentLoaded", o), r.$eval(a);
                                }
                              },
                              function() {
                                r.$$destroyed ||
                                  (p === d && (v(), r.$emit("$includeContentError", o)));
                              }
                            ),
                            r.$emit("$includeContentRequested", o))
                          : (v(), (c.template = null));
                      });
                    };
                  }
                };
              }
            ],
            qo = [
              "$compile",
              function(t) {
                return {
                  restrict: "ECA",
                  priority: -400,
                  require: "ngInclude",
                  link: function(n, r, i, o) {
                    if ($.call(r[0]).match(/SVG/))
                      return (
                        r.empty(),
                        void t(fe(o.template, e.document).childNodes)(
                          n,
                          function(t) {
                            r.append(t);
                          },
                          { futureParentElement: r }
                        )
                      );
                    r.html(o.template), t(r.contents())(n);
                  }
                };
              }
            ],
            Uo = qi({
              priority: 450,
              compile: function() {
                return {
                  pre: function(t, e, n) {
                    t.$eval(n.ngInit);
                  }
                };
              }
            }),
            Fo = function() {
              return {
                restrict: "A",
                priority: 100,
                require: "ngModel",
                link: function(t, e, n, r) {
                  var i = n.ngList || ", ",
                    o = "false" !== n.ngTrim,
                    a = o ? et(i) : i;
                  r.$parsers.push(function(t) {
                    if (!V(t)) {
                      var e = [];
                      return (
                        t &&
                          C(t.split(a), function(t) {
                            t && e.push(o ? et(t) : t);
                          }),
                        e
                      );
                    }
                  }),
                    r.$formatters.push(function(t) {
                      if (W(t)) return t.join(i);
                    }),
                    (r.$isEmpty = function(t) {
                      return !t || !t.length;
                    });
                }
              };
            },
            Ho = "ng-valid",
            Bo = "ng-invalid",
            zo = "ng-pristine",
            Wo = "ng-dirty",
            Go = o("ngModel");
          function Ko(t, e, n, r, i, o, a, u, s) {
            (this.$viewValue = Number.NaN),
              (this.$modelValue = Number.NaN),
              (this.$$rawModelValue = void 0),
              (this.$validators = {}),
              (this.$asyncValidators = {}),
              (this.$parsers = []),
              (this.$formatters = []),
              (this.$viewChangeListeners = []),
              (this.$untouched = !0),
              (this.$touched = !1),
              (this.$pristine = !0),
              (this.$dirty = !1),
              (this.$valid = !0),
              (this.$invalid = !1),
              (this.$error = {}),
              (this.$$success = {}),
              (this.$pending = void 0),
              (this.$name = s(n.name || "", !1)(t)),
              (this.$$parentForm = Hi),
              (this.$options = Jo),
              (this.$$updateEvents = ""),
              (this.$$updateEventHandler = this.$$updateEventHandler.bind(this)),
              (this.$$parsedNgModel = i(n.ngModel)),
              (this.$$parsedNgModelAssign = this.$$parsedNgModel.assign),
              (this.$$ngModelGet = this.$$parsedNgModel),
              (this.$$ngModelSet = this.$$parsedNgModelAssign),
              (this.$$pendingDebounce = null),
              (this.$$parserValid = void 0),
              (this.$$parserName = "parse"),
              (this.$$currentValidationRunId = 0),
              (this.$$scope = t),
              (this.$$rootScope = t.$root),
              (this.$$attr = n),
              (this.$$element = r),
              (this.$$animate = o),
              (this.$$timeout = a),
              (this.$$parse = i),
              (this.$$q = u),
              (this.$$exceptionHandler = e),
              Ji(this),
              (function(t) {
                t.$$scope.$watch(function(e) {
                  var n = t.$$ngModelGet(e);
                  return (
                    n === t.$modelValue ||
                      (t.$modelValue != t.$modelValue && n != n) ||
                      t.$$setModelValue(n),
                    n
                  );
                });
              })(this);
          }
          (Ko.$inject = [
            "$scope",
            "$exceptionHandler",
            "$attrs",
            "$element",
            "$parse",
            "$animate",
            "$timeout",
            "$q",
            "$interpolate"
          ]),
            (Ko.prototype = {
              $$initGetterSetters: function() {
                if (this.$options.getOption("getterSetter")) {
                  var t = this.$$parse(this.$$attr.ngModel + "()"),
                    e = this.$$parse(this.$$attr.ngModel + "($$$p)");
                  (this.$$ngModelGet = function(e) {
                    var n = this.$$parsedNgModel(e);
                    return K(n) && (n = t(e)), n;
                  }),
                    (this.$$ngModelSet = function(t, n) {
                      K(this.$$parsedNgModel(t))
                        ? e(t, { $$$p: n })
                        : this.$$parsedNgModelAssign(t, n);
                    });
                } else if (!this.$$parsedNgModel.assign)
                  throw Go(
                    "nonassign",
                    "Expression '{0}' is non-assignable. Element: {1}",
                    this.$$attr.ngModel,
                    xt(this.$$element)
                  );
              },
              $render: D,
              $isEmpty: function(t) {
                return V(t) || "" === t || null === t || t != t;
              },
              $$updateEmptyClasses: function(t) {
                this.$isEmpty(t)
                  ? (this.$$animate.removeClass(this.$$element, "ng-not-empty"),
                    this.$$animate.addClass(this.$$element, "ng-empty"))
                  : (this.$$animate.removeClass(this.$$element, "ng-empty"),
                    this.$$animate.addClass(this.$$element, "ng-not-empty"));
              },
              $setPristine: function() {
                (this.$dirty = !1),
                  (this.$pristine = !0),
                  this.$$animate.removeClass(this.$$element, Wo),
                  this.$$animate.addClass(this.$$element, zo);
              },
              $setDirty: function() {
                (this.$dirty = !0),
                  (this.$pristine = !1),
                  this.$$animate.removeClass(this.$$element, zo),
                  this.$$animate.addClass(this.$$element, Wo),
                  this.$$parentForm.$setDirty();
              },
              $setUntouched: function() {
                (this.$touched = !1),
                  (this.$untouched = !0),
                  this.$$animate.setClass(this.$$element, "ng-untouched", "ng-touched");
              },
              $setTouched: function() {
                (this.$touched = !0),
                  (this.$untouched = !1),
                  this.$$animate.setClass(this.$$element, "ng-touched", "ng-untouched");
              },
              $rollbackViewValue: function() {
                this.$$timeout.cancel(this.$$pendingDebounce),
                  (this.$viewValue = this.$$lastCommittedViewValue),
                  this.$render();
              },
              $validate: function() {
                if (!M(this.$modelValue)) {
                  var t = this.$$lastCommittedViewValue,
                    e = this.$$rawModelValue,
                    n = this.$valid,
                    r = this.$modelValue,
                    i = this.$options.getOption("allowInvalid"),
                    o = this;
                  this.$$runValidators(e, t, function(t) {
                    i ||
                      n === t ||
                      ((o.$modelValue = t ? e : void 0),
                      o.$modelValue !== r && o.$$writeModelToScope());
                  });
                }
              },
              $$runValidators: function(t, e, n) {
                this.$$currentValidationRunId++;
                var r = this.$$currentValidationRunId,
                  i = this;
                function o(t, e) {
                  r === i.$$currentValidationRunId && i.$setValidity(t, e);
                }
                function a(t) {
                  r === i.$$currentValidationRunId && n(t);
                }
                !(function() {
                  var t = i.$$parserName;
                  if (!V(i.$$parserValid))
                    return (
                      i.$$parserValid ||
                        (C(i.$validators, function(t, e) {
                          o(e, null);
                        }),
                        C(i.$asyncValidators, function(t, e) {
                          o(e, null);
                        })),
                      o(t, i.$$parserValid),
                      i.$$parserValid
                    );
                  o(t, null);
                  return !0;
                })()
                  ? a(!1)
                  : (function() {
                      var n = !0;
                      if (
                        (C(i.$validators, function(r, i) {
                          var a = Boolean(r(t, e));
                          (n = n && a), o(i, a);
                        }),
                        !n)
                      )
                        return (
                          C(i.$asyncValidators, function(t, e) {
                            o(e, null);
                          }),
                          !1
                        );
                      return !0;
                    })()
                    ? (function() {
                        var n = [],
                          r = !0;
                        C(i.$asyncValidators, function(i, a) {
                          var u = i(t, e);
                          if (!Q(u))
                            throw Go(
                              "nopromise",
                              "Expected asynchronous validator to return a promise but got '{0}' instead.",
                              u
                            );
                          o(a, void 0),
                            n.push(
                              u.then(
                                function() {
                                  o(a, !0);
                                },
                                function() {
                                  (r = !1), o(a, !1);
                                }
                              )
                            );
                        }),
                          n.length
                            ? i.$$q.all(n).then(function() {
                                a(r);
                              }, D)
                            : a(!0);
                      })()
                    : a(!1);
              },
              $commitViewValue: function() {
                var t = this.$viewValue;
                this.$$timeout.cancel(this.$$pendingDebounce),
                  (this.$$lastCommittedViewValue !== t ||
                    ("" === t && this.$$hasNativeValidators)) &&
                    (this.$$updateEmptyClasses(t),
                    (this.$$lastCommittedViewValue = t),
                    this.$pristine && this.$setDirty(),
                    this.$$parseAndValidate());
              },
              $$parseAndValidate: function() {
                var t = this.$$lastCommittedViewValue,
                  e = this;
                if (
                  ((this.$$parserValid = !V(t) || void 0),
                  this.$setValidity(this.$$parserName, null),
                  (this.$$parserName = "parse"),
                  this.$$parserValid)
                )
                  for (var n = 0; n < this.$parsers.length; n++)
                    if (V((t = this.$parsers[n](t)))) {
                      this.$$parserValid = !1;
                      break;
                    }
                M(this.$modelValue) && (this.$modelValue = this.$$ngModelGet(this.$$scope));
                var r = this.$modelValue,
                  i = this.$options.getOption("allowInvalid");
                function o() {
                  e.$modelValue !== r && e.$$writeModelToScope();
                }
                (this.$$rawModelValue = t),
                  i && ((this.$modelValue = t), o()),
                  this.$$runValidators(t, this.$$lastCommittedViewValue, function(n) {
                    i || ((e.$modelValue = n ? t : void 0), o());
                  });
              },
              $$writeModelToScope: function() {
                this.$$ngModelSet(this.$$scope, this.$modelValue),
                  C(
                    this.$viewChangeListeners,
                    function(t) {
                      try {
                        t();
                      } catch (t) {
                        this.$$exceptionHandler(t);
                      }
                    },
                    this
                  );
              },
              $setViewValue: function(t, e) {
                (this.$viewValue = t),
                  this.$options.getOption("updateOnDefault") && this.$$debounceViewValueCommit(e);
              },
              $$debounceViewValueCommit: function(t) {
                var e = this.$options.getOption("debounce");
                B(e[t])
                  ? (e = e[t])
                  : B(e.default) && -1 === this.$options.getOption("updateOn").indexOf(t)
                    ? (e = e.default)
                    : B(e["*"]) && (e = e["*"]),
                  this.$$timeout.cancel(this.$$pendingDebounce);
                var n = this;
                e > 0
                  ? (this.$$pendingDebounce = this.$$timeout(function() {
                      n.$commitViewValue();
                    }, e))
                  : this.$$rootScope.$$phase
                    ? this.$commitViewValue()
                    : this.$$scope.$apply(function() {
                        n.$commitViewValue();
                      });
              },
              $overrideModelOptions: function(t) {
                (this.$options = this.$options.createChild(t)), this.$$setUpdateOnEvents();
              },
              $processModelValue: function() {
                var t = this.$$format();
                this.$viewValue !== t &&
                  (this.$$updateEmptyClasses(t),
                  (this.$viewValue = this.$$lastCommittedViewValue = t),
                  this.$render(),
                  this.$$runValidators(this.$modelValue, this.$viewValue, D));
              },
              $$format: function() {
                for (var t = this.$formatters, e = t.length, n = this.$modelValue; e--; )
                  n = t[e](n);
                return n;
              },
              $$setModelValue: function(t) {
                (this.$modelValue = this.$$rawModelValue = t),
                  (this.$$parserValid = void 0),
                  this.$processModelValue();
              },
              $$setUpdateOnEvents: function() {
                this.$$updateEvents &&
                  this.$$element.off(this.$$updateEvents, this.$$updateEventHandler),
                  (this.$$updateEvents = this.$options.getOption("updateOn")),
                  this.$$updateEvents &&
                    this.$$element.on(this.$$updateEvents, this.$$updateEventHandler);
              },
              $$updateEventHandler: function(t) {
                this.$$debounceViewValueCommit(t && t.type);
              }
            }),
            Yi({
              clazz: Ko,
              set: function(t, e) {
                t[e] = !0;
              },
              unset: function(t, e) {
                delete t[e];
              }
            });
          var Jo,
            Yo = [
              "$rootScope",
              function(t) {
                return {
                  restrict: "A",
                  require: ["ngModel", "^?form", "^?ngModelOptions"],
                  controller: Ko,
                  priority: 1,
                  compile: function(e) {
                    return (
                      e
                        .addClass(zo)
                        .addClass("ng-untouched")
                        .addClass(Ho),
                      {
                        pre: function(t, e, n, r) {
                          var i = r[0],
                            o = r[1] || i.$$parentForm,
                            a = r[2];
                          a && (i.$options = a.$options),
                            i.$$initGetterSetters(),
                            o.$addControl(i),
                            n.$observe("name", function(t) {
                              i.$name !== t && i.$$parentForm.$$renameControl(i, t);
                            }),
                            t.$on("$destroy", function() {
                              i.$$parentForm.$removeControl(i);
                            });
                        },
                        post: function(e, n, r, i) {
                          var o = i[0];
                          function a() {
                            o.$setTouched();
                          }
                          o.$$setUpdateOnEvents(),
                            n.on("blur", function() {
                              o.$touched || (t.$$phase ? e.$evalAsync(a) : e.$apply(a));
                            });
                        }
                      }
                    );
                  }
                };
              }
            ],
            Zo = /(\s+|^)default(\s+|$)/;
          function Xo(t) {
            this.$$options = t;
          }
          (Xo.prototype = {
            getOption: function(t) {
              return this.$$options[t];
            },
            createChild: function(t) {
              var e = !1;
              return (
                C(
                  (t = O({}, t)),
                  function(n, r) {
                    "$inherit" === n
                      ? "*" === r
                        ? (e = !0)
                        : ((t[r] = this.$$options[r]),
                          "updateOn" === r && (t.updateOnDefault = this.$$options.updateOnDefault))
                      : "updateOn" === r &&
                        ((t.updateOnDefault = !1),
                        (t[r] = et(
                          n.replace(Zo, function() {
                            return (t.updateOnDefault = !0), " ";
                          })
                        )));
                  },
                  this
                ),
                e && (delete t["*"], ta(t, this.$$options)),
                ta(t, Jo.$$options),
                new Xo(t)
              );
            }
          }),
            (Jo = new Xo({
              updateOn: "",
              updateOnDefault: !0,
              debounce: 0,
              getterSetter: !1,
              allowInvalid: !1,
              timezone: null
            }));
          var Qo = function() {
            function t(t, e) {
              (this.$$attrs = t), (this.$$scope = e);
            }
            return (
              (t.$inject = ["$attrs", "$scope"]),
              (t.prototype = {
                $onInit: function() {
                  var t = this.parentCtrl ? this.parentCtrl.$options : Jo,
                    e = this.$$scope.$eval(this.$$attrs.ngModelOptions);
                  this.$options = t.createChild(e);
                }
              }),
              {
                restrict: "A",
                priority: 10,
                require: { parentCtrl: "?^^ngModelOptions" },
                bindToController: !0,
                controller: t
              }
            );
          };
          function ta(t, e) {
            C(e, function(e, n) {
              q(t[n]) || (t[n] = e);
            });
          }
          var ea = qi({ terminal: !0, priority: 1e3 }),
            na = o("ngOptions"),
            ra = /^\s*([\s\S]+?)(?:\s+as\s+([\s\S]+?))?(?:\s+group\s+by\s+([\s\S]+?))?(?:\s+disable\s+when\s+([\s\S]+?))?\s+for\s+(?:([$\w][$\w]*)|(?:\(\s*([$\w][$\w]*)\s*,\s*([$\w][$\w]*)\s*\)))\s+in\s+([\s\S]+?)(?:\s+track\s+by\s+([\s\S]+?))?$/,
            ia = [
              "$compile",
              "$document",
              "$parse",
              function(t, n, r) {
                var i = e.document.createElement("option"),
                  o = e.document.createElement("optgroup");
                return {
                  restrict: "A",
                  terminal: !0,
                  require: ["select", "ngModel"],
                  link: {
                    pre: function(t, e, n, r) {
                      r[0].registerOption = D;
                    },
                    post: function(e, a, s, c) {
                      for (
                        var l = c[0],
                          f = c[1],
                          p = s.multiple,
                          h = 0,
                          d = a.children(),
                          v = d.length;
                        h < v;
                        h++
                      )
                        if ("" === d[h].value) {
                          (l.hasEmptyOption = !0), (l.emptyOption = d.eq(h));
                          break;
                        }
                      a.empty();
                      var g,
                        m = !!l.emptyOption;
                      u(i.cloneNode(!1)).val("?");
                      var $ = (function(t, e, n) {
                          var i = t.match(ra);
                          if (!i)
                            throw na(
                              "iexp",
                              "Expected expression in form of '_select_ (as _label_)? for (_key_,)?_value_ in _collection_' but got '{0}'. Element: {1}",
                              t,
                              xt(e)
                            );
                          var o = i[5] || i[7],
                            a = i[6],
                            u = / as /.test(i[0]) && i[1],
                            s = i[9],
                            c = r(i[2] ? i[1] : o),
                            l = (u && r(u)) || c,
                            f = s && r(s),
                            p = s
                              ? function(t, e) {
                                  return f(n, e);
                                }
                              : function(t) {
                                  return Ve(t);
                                },
                            h = function(t, e) {
                              return p(t, y(t, e));
                            },
                            d = r(i[2] || i[1]),
                            v = r(i[3] || ""),
                            g = r(i[4] || ""),
                            m = r(i[8]),
                            $ = {},
                            y = a
                              ? function(t, e) {
                                  return ($[a] = e), ($[o] = t), $;
                                }
                              : function(t) {
                                  return ($[o] = t), $;
                                };
                          function b(t, e, n, r, i) {
                            (this.selectValue = t),
                              (this.viewValue = e),
                              (this.label = n),
                              (this.group = r),
                              (this.disabled = i);
                          }
                          function w(t) {
                            var e;
                            if (!a && _(t)) e = t;
                            else
                              for (var n in ((e = []), t))
                                t.hasOwnProperty(n) && "$" !== n.charAt(0) && e.push(n);
                            return e;
                          }
                          return {
                            trackBy: s,
                            getTrackByValue: h,
                            getWatchables: r(m, function(t) {
                              for (
                                var e = [], r = w((t = t || [])), o = r.length, a = 0;
                                a < o;
                                a++
                              ) {
                                var u = t === r ? a : r[a],
                                  s = t[u],
                                  c = y(s, u),
                                  l = p(s, c);
                                if ((e.push(l), i[2] || i[1])) {
                                  var f = d(n, c);
                                  e.push(f);
                                }
                                if (i[4]) {
                                  var h = g(n, c);
                                  e.push(h);
                                }
                              }
                              return e;
                            }),
                            getOptions: function() {
                              for (
                                var t = [], e = {}, r = m(n) || [], i = w(r), o = i.length, a = 0;
                                a < o;
                                a++
                              ) {
                                var u = r === i ? a : i[a],
                                  c = r[u],
                                  f = y(c, u),
                                  $ = l(n, f),
                                  x = p($, f),
                                  _ = new b(x, $, d(n, f), v(n, f), g(n, f));
                                t.push(_), (e[x] = _);
                              }
                              return {
                                items: t,
                                selectValueMap: e,
                                getOptionFromViewValue: function(t) {
                                  return e[h(t)];
                                },
                                getViewValueFromOption: function(t) {
                                  return s ? ut(t.viewValue) : t.viewValue;
                                }
                              };
                            }
                          };
                        })(s.ngOptions, a, e),
                        y = n[0].createDocumentFragment();
                      function b(t, e) {
                        var n = i.cloneNode(!1);
                        e.appendChild(n),
                          (function(t, e) {
                            (t.element = e),
                              (e.disabled = t.disabled),
                              t.label !== e.label &&
                                ((e.label = t.label), (e.textContent = t.label)),
                              (e.value = t.selectValue);
                          })(t, n);
                      }
                      function w(t) {
                        var e = g.getOptionFromViewValue(t),
                          n = e && e.element;
                        return n && !n.selected && (n.selected = !0), e;
                      }
                      (l.generateUnknownOptionValue = function(t) {
                        return "?";
                      }),
                        p
                          ? ((l.writeValue = function(t) {
                              if (g) {
                                var e = (t && t.map(w)) || [];
                                g.items.forEach(function(t) {
                                  t.element.selected && !ot(e, t) && (t.element.selected = !1);
                                });
                              }
                            }),
                            (l.readValue = function() {
                              var t = [];
                              return (
                                C(a.val() || [], function(e) {
                                  var n = g.selectValueMap[e];
                                  n && !n.disabled && t.push(g.getViewValueFromOption(n));
                                }),
                                t
                              );
                            }),
                            $.trackBy &&
                              e.$watchCollection(
                                function() {
                                  if (W(f.$viewValue))
                                    return f.$viewValue.map(function(t) {
                                      return $.getTrackByValue(t);
                                    });
                                },
                                function() {
                                  f.$render();
                                }
                              ))
                          : ((l.writeValue = function(t) {
                              if (g) {
                                var e = a[0].options[a[0].selectedIndex],
                                  n = g.getOptionFromViewValue(t);
                                e && e.removeAttribute("selected"),
                                  n
                                    ? (a[0].value !== n.selectValue &&
                                        (l.removeUnknownOption(),
                                        (a[0].value = n.selectValue),
                                        (n.element.selected = !0)),
                                      n.element.setAttribute("selected", "selected"))
                                    : l.selectUnknownOrEmptyOption(t);
                              }
                            }),
                            (l.readValue = function() {
                              var t = g.selectValueMap[a.val()];
                              return t && !t.disabled
                                ? (l.unselectEmptyOption(),
                                  l.removeUnknownOption(),
                                  g.getViewValueFromOption(t))
                                : null;
                            }),
                            $.trackBy &&
                              e.$watch(
                                function() {
                                  return $.getTrackByValue(f.$viewValue);
                                },
                                function() {
                                  f.$render();
                                }
                              )),
                        m &&
                          (t(l.emptyOption)(e),
                          a.prepend(l.emptyOption),
                          l.emptyOption[0].nodeType === Bt
                            ? ((l.hasEmptyOption = !1),
                              (l.registerOption = function(t, e) {
                                "" === e.val() &&
                                  ((l.hasEmptyOption = !0),
                                  (l.emptyOption = e),
                                  l.emptyOption.removeClass("ng-scope"),
                                  f.$render(),
                                  e.on("$destroy", function() {
                                    var t = l.$isEmptyOptionSelected();
                                    (l.hasEmptyOption = !1),
                                      (l.emptyOption = void 0),
                                      t && f.$render();
                                  }));
                              }))
                            : l.emptyOption.removeClass("ng-scope")),
                        e.$watchCollection($.getWatchables, function() {
                          var t = g && l.readValue();
                          if (g)
                            for (var e = g.items.length - 1; e >= 0; e--) {
                              var n = g.items[e];
                              q(n.group) ? Te(n.element.parentNode) : Te(n.element);
                            }
                          var r = {};
                          if (
                            ((g = $.getOptions()).items.forEach(function(t) {
                              var e;
                              q(t.group)
                                ? ((e = r[t.group]) ||
                                    ((e = o.cloneNode(!1)),
                                    y.appendChild(e),
                                    (e.label = null === t.group ? "null" : t.group),
                                    (r[t.group] = e)),
                                  b(t, e))
                                : b(t, y);
                            }),
                            a[0].appendChild(y),
                            f.$render(),
                            !f.$isEmpty(t))
                          ) {
                            var i = l.readValue(),
                              u = $.trackBy || p;
                            (u ? ct(t, i) : t === i) || (f.$setViewValue(i), f.$render());
                          }
                        });
                    }
                  }
                };
              }
            ],
            oa = [
              "$locale",
              "$interpolate",
              "$log",
              function(t, e, n) {
                var r = /{}/g,
                  i = /^when(Minus)?(.+)$/;
                return {
                  link: function(o, a, u) {
                    var s,
                      c = u.count,
                      l = u.$attr.when && a.attr(u.$attr.when),
                      f = u.offset || 0,
                      p = o.$eval(l) || {},
                      d = {},
                      v = e.startSymbol(),
                      g = e.endSymbol(),
                      m = v + c + "-" + f + g,
                      $ = w.noop;
                    function y(t) {
                      a.text(t || "");
                    }
                    C(u, function(t, e) {
                      var n = i.exec(e);
                      if (n) {
                        var r = (n[1] ? "-" : "") + h(n[2]);
                        p[r] = a.attr(u.$attr[e]);
                      }
                    }),
                      C(p, function(t, n) {
                        d[n] = e(t.replace(r, m));
                      }),
                      o.$watch(c, function(e) {
                        var r = parseFloat(e),
                          i = M(r);
                        if ((i || r in p || (r = t.pluralCat(r - f)), !(r === s || (i && M(s))))) {
                          $();
                          var a = d[r];
                          V(a)
                            ? (null != e &&
                                n.debug("ngPluralize: no rule defined for '" + r + "' in " + l),
                              ($ = D),
                              y())
                            : ($ = o.$watch(a, y)),
                            (s = r);
                        }
                      });
                  }
                };
              }
            ],
            aa = o("ngRef"),
            ua = [
              "$parse",
              function(t) {
                return {
                  priority: -1,
                  restrict: "A",
                  compile: function(e, n) {
                    var r = bn(it(e)),
                      i = t(n.ngRef),
                      o =
                        i.assign ||
                        function() {
                          throw aa(
                            "nonassign",
                            'Expression in ngRef="{0}" is non-assignable!',
                            n.ngRef
                          );
                        };
                    return function(t, e, a) {
                      var u;
                      if (a.hasOwnProperty("ngRefRead")) {
                        if ("$element" === a.ngRefRead) u = e;
                        else if (!(u = e.data("$" + a.ngRefRead + "Controller")))
                          throw aa(
                            "noctrl",
                            'The controller for ngRefRead="{0}" could not be found on ngRef="{1}"',
                            a.ngRefRead,
                            n.ngRef
                          );
                      } else u = e.data("$" + r + "Controller");
                      o(t, (u = u || e)),
                        e.on("$destroy", function() {
                          i(t) === u && o(t, null);
                        });
                    };
                  }
                };
              }
            ],
            sa = [
              "$parse",
              "$animate",
              "$compile",
              function(t, e, n) {
                var r = o("ngRepeat"),
                  i = function(t, e, n, r, i, o, a) {
                    (t[n] = r),
                      i && (t[i] = o),
                      (t.$index = e),
                      (t.$first = 0 === e),
                      (t.$last = e === a - 1),
                      (t.$middle = !(t.$first || t.$last)),
                      (t.$odd = !(t.$even = 0 == (1 & e)));
                  },
                  a = function(t) {
                    return t.clone[0];
                  },
                  u = function(t) {
                    return t.clone[t.clone.length - 1];
                  };
                return {
                  restrict: "A",
                  multiElement: !0,
                  transclude: "element",
                  priority: 1e3,
                  terminal: !0,
                  $$tlb: !0,
                  compile: function(o, s) {
                    var c = s.ngRepeat,
                      l = n.$$createComment("end ngRepeat", c),
                      f = c.match(
                        /^\s*([\s\S]+?)\s+in\s+([\s\S]+?)(?:\s+as\s+([\s\S]+?))?(?:\s+track\s+by\s+([\s\S]+?))?\s*$/
                      );
                    if (!f)
                      throw r(
                        "iexp",
                        "Expected expression in form of '_item_ in _collection_[ track by _id_]' but got '{0}'.",
                        c
                      );
                    var h = f[1],
                      d = f[2],
                      v = f[3],
                      g = f[4];
                    if (!(f = h.match(/^(?:(\s*[$\w]+)|\(\s*([$\w]+)\s*,\s*([$\w]+)\s*\))$/)))
                      throw r(
                        "iidexp",
                        "'_item_' in '_item_ in _collection_' should be an identifier or '(_key_, _value_)' expression, but got '{0}'.",
                        h
                      );
                    var m,
                      $,
                      y,
                      b,
                      w = f[3] || f[1],
                      x = f[2];
                    if (
                      v &&
                      (!/^[$a-zA-Z_][$a-zA-Z0-9_]*$/.test(v) ||
                        /^(null|undefined|this|\$index|\$first|\$middle|\$last|\$even|\$odd|\$parent|\$root|\$id)$/.test(
                          v
                        ))
                    )
                      throw r(
                        "badident",
                        "alias '{0}' is invalid --- must be a valid JS identifier which is not a reserved name.",
                        v
                      );
                    var S = { $id: Ve };
                    return (
                      g
                        ? (m = t(g))
                        : ((y = function(t, e) {
                            return Ve(e);
                          }),
                          (b = function(t) {
                            return t;
                          })),
                      function(t, n, o, s, f) {
                        m &&
                          ($ = function(e, n, r) {
                            return x && (S[x] = e), (S[w] = n), (S.$index = r), m(t, S);
                          });
                        var h = qt();
                        t.$watchCollection(d, function(o) {
                          var s,
                            d,
                            g,
                            m,
                            S,
                            E,
                            k,
                            A,
                            T,
                            O,
                            j,
                            N,
                            M = n[0],
                            L = qt();
                          if ((v && (t[v] = o), _(o))) (T = o), (A = $ || y);
                          else
                            for (var D in ((A = $ || b), (T = []), o))
                              p.call(o, D) && "$" !== D.charAt(0) && T.push(D);
                          for (m = T.length, j = new Array(m), s = 0; s < m; s++)
                            if (((S = o === T ? s : T[s]), (E = o[S]), (k = A(S, E, s)), h[k]))
                              (O = h[k]), delete h[k], (L[k] = O), (j[s] = O);
                            else {
                              if (L[k])
                                throw (C(j, function(t) {
                                  t && t.scope && (h[t.id] = t);
                                }),
                                r(
                                  "dupes",
                                  "Duplicates in a repeater are not allowed. Use 'track by' expression to specify unique keys. Repeater: {0}, Duplicate key: {1}, Duplicate value: {2}",
                                  c,
                                  k,
                                  E
                                ));
                              (j[s] = { id: k, scope: void 0, clone: void 0 }), (L[k] = !0);
                            }
                          for (var I in h) {
                            if (((N = Vt((O = h[I]).clone)), e.leave(N), N[0].parentNode))
                              for (s = 0, d = N.length; s < d; s++) N[s].$$NG_REMOVED = !0;
                            O.scope.$destroy();
                          }
                          for (s = 0; s < m; s++)
                            if (((S = o === T ? s : T[s]), (E = o[S]), (O = j[s]).scope)) {
                              g = M;
                              do {
                                g = g.nextSibling;
                              } while (g && g.$$NG_REMOVED);
                              a(O) !== g && e.move(Vt(O.clone), null, M),
                                (M = u(O)),
                                i(O.scope, s, w, E, x, S, m);
                            } else
                              f(function(t, n) {
                                O.scope = n;
                                var r = l.cloneNode(!1);
                                (t[t.length++] = r),
                                  e.enter(t, null, M),
                                  (M = r),
                                  (O.clone = t),
                                  (L[O.id] = O),
                                  i(O.scope, s, w, E, x, S, m);
                              });
                          h = L;
                        });
                      }
                    );
                  }
                };
              }
            ],
            ca = [
              "$animate",
              function(t) {
                return {
                  restrict: "A",
                  multiElement: !0,
                  link: function(e, n, r) {
                    e.$watch(r.ngShow, function(e) {
                      t[e ? "removeClass" : "addClass"](n, "ng-hide", {
                        tempClasses: "ng-hide-animate"
                      });
                    });
                  }
                };
              }
            ],
            la = [
              "$animate",
              function(t) {
                return {
                  restrict: "A",
                  multiElement: !0,
                  link: function(e, n, r) {
                    e.$watch(r.ngHide, function(e) {
                      t[e ? "addClass" : "removeClass"](n, "ng-hide", {
                        tempClasses: "ng-hide-animate"
                      });
                    });
                  }
                };
              }
            ],
            fa = qi(function(t, e, n) {
              t.$watchCollection(n.ngStyle, function(t, n) {
                n &&
                  t !== n &&
                  C(n, function(t, n) {
                    e.css(n, "");
                  }),
                  t && e.css(t);
              });
            }),
            pa = [
              "$animate",
              "$compile",
              function(t, e) {
                return {
                  require: "ngSwitch",
                  controller: [
                    "$scope",
                    function() {
                      this.cases = {};
                    }
                  ],
                  link: function(n, r, i, o) {
                    var a = i.ngSwitch || i.on,
                      u = [],
                      s = [],
                      c = [],
                      l = [],
                      f = function(t, e) {
                        return function(n) {
                          !1 !== n && t.splice(e, 1);
                        };
                      };
                    n.$watch(a, function(n) {
                      for (var r, i; c.length; ) t.cancel(c.pop());
                      for (r = 0, i = l.length; r < i; ++r) {
                        var a = Vt(s[r].clone);
                        l[r].$destroy(), (c[r] = t.leave(a)).done(f(c, r));
                      }
                      (s.length = 0),
                        (l.length = 0),
                        (u = o.cases["!" + n] || o.cases["?"]) &&
                          C(u, function(n) {
                            n.transclude(function(r, i) {
                              l.push(i);
                              var o = n.element;
                              r[r.length++] = e.$$createComment("end ngSwitchWhen");
                              var a = { clone: r };
                              s.push(a), t.enter(r, o.parent(), o);
                            });
                          });
                    });
                  }
                };
              }
            ],
            ha = qi({
              transclude: "element",
              priority: 1200,
              require: "^ngSwitch",
              multiElement: !0,
              link: function(t, e, n, r, i) {
                C(
                  n.ngSwitchWhen
                    .split(n.ngSwitchWhenSeparator)
                    .sort()
                    .filter(function(t, e, n) {
                      return n[e - 1] !== t;
                    }),
                  function(t) {
                    (r.cases["!" + t] = r.cases["!" + t] || []),
                      r.cases["!" + t].push({ transclude: i, element: e });
                  }
                );
              }
            }),
            da = qi({
              transclude: "element",
              priority: 1200,
              require: "^ngSwitch",
              multiElement: !0,
              link: function(t, e, n, r, i) {
                (r.cases["?"] = r.cases["?"] || []),
                  r.cases["?"].push({ transclude: i, element: e });
              }
            }),
            va = o("ngTransclude"),
            ga = [
              "$compile",
              function(t) {
                return {
                  restrict: "EAC",
                  compile: function(e) {
                    var n = t(e.contents());
                    return (
                      e.empty(),
                      function(t, e, r, i, o) {
                        if (!o)
                          throw va(
                            "orphan",
                            "Illegal use of ngTransclude directive in the template! No parent directive that requires a transclusion found. Element: {0}",
                            xt(e)
                          );
                        r.ngTransclude === r.$attr.ngTransclude && (r.ngTransclude = "");
                        var a = r.ngTransclude || r.ngTranscludeSlot;
                        function u() {
                          n(t, function(t) {
                            e.append(t);
                          });
                        }
                        o(
                          function(t, n) {
                            t.length &&
                            (function(t) {
                              for (var e = 0, n = t.length; e < n; e++) {
                                var r = t[e];
                                if (r.nodeType !== Ht || r.nodeValue.trim()) return !0;
                              }
                            })(t)
                              ? e.append(t)
                              : (u(), n.$destroy());
                          },
                          null,
                          a
                        ),
                          a && !o.isSlotFilled(a) && u();
                      }
                    );
                  }
                };
              }
            ],
            ma = [
              "$templateCache",
              function(t) {
                return {
                  restrict: "E",
                  terminal: !0,
                  compile: function(e, n) {
                    if ("text/ng-template" === n.type) {
                      var r = n.id,
                        i = e[0].text;
                      t.put(r, i);
                    }
                  }
                };
              }
            ],
            $a = { $setViewValue: D, $render: D };
          function ya(t, e) {
            t.prop("selected", e), t.attr("selected", e);
          }
          var ba = [
              "$element",
              "$scope",
              function(t, n) {
                var r = this,
                  i = new Fe();
                (r.selectValueMap = {}),
                  (r.ngModelCtrl = $a),
                  (r.multiple = !1),
                  (r.unknownOption = u(e.document.createElement("option"))),
                  (r.hasEmptyOption = !1),
                  (r.emptyOption = void 0),
                  (r.renderUnknownOption = function(e) {
                    var n = r.generateUnknownOptionValue(e);
                    r.unknownOption.val(n),
                      t.prepend(r.unknownOption),
                      ya(r.unknownOption, !0),
                      t.val(n);
                  }),
                  (r.updateUnknownOption = function(e) {
                    var n = r.generateUnknownOptionValue(e);
                    r.unknownOption.val(n), ya(r.unknownOption, !0), t.val(n);
                  }),
                  (r.generateUnknownOptionValue = function(t) {
                    return "? " + Ve(t) + " ?";
                  }),
                  (r.removeUnknownOption = function() {
                    r.unknownOption.parent() && r.unknownOption.remove();
                  }),
                  (r.selectEmptyOption = function() {
                    r.emptyOption && (t.val(""), ya(r.emptyOption, !0));
                  }),
                  (r.unselectEmptyOption = function() {
                    r.hasEmptyOption && ya(r.emptyOption, !1);
                  }),
                  n.$on("$destroy", function() {
                    r.renderUnknownOption = D;
                  }),
                  (r.readValue = function() {
                    var e = t.val(),
                      n = e in r.selectValueMap ? r.selectValueMap[e] : e;
                    return r.hasOption(n) ? n : null;
                  }),
                  (r.writeValue = function(e) {
                    var n = t[0].options[t[0].selectedIndex];
                    if ((n && ya(u(n), !1), r.hasOption(e))) {
                      r.removeUnknownOption();
                      var i = Ve(e);
                      t.val(i in r.selectValueMap ? i : e);
                      var o = t[0].options[t[0].selectedIndex];
                      ya(u(o), !0);
                    } else r.selectUnknownOrEmptyOption(e);
                  }),
                  (r.addOption = function(t, e) {
                    if (e[0].nodeType !== Bt) {
                      Pt(t, '"option value"'),
                        "" === t && ((r.hasEmptyOption = !0), (r.emptyOption = e));
                      var n = i.get(t) || 0;
                      i.set(t, n + 1), a();
                    }
                  }),
                  (r.removeOption = function(t) {
                    var e = i.get(t);
                    e &&
                      (1 === e
                        ? (i.delete(t),
                          "" === t && ((r.hasEmptyOption = !1), (r.emptyOption = void 0)))
                        : i.set(t, e - 1));
                  }),
                  (r.hasOption = function(t) {
                    return !!i.get(t);
                  }),
                  (r.$hasEmptyOption = function() {
                    return r.hasEmptyOption;
                  }),
                  (r.$isUnknownOptionSelected = function() {
                    return t[0].options[0] === r.unknownOption[0];
                  }),
                  (r.$isEmptyOptionSelected = function() {
                    return (
                      r.hasEmptyOption && t[0].options[t[0].selectedIndex] === r.emptyOption[0]
                    );
                  }),
                  (r.selectUnknownOrEmptyOption = function(t) {
                    null == t && r.emptyOption
                      ? (r.removeUnknownOption(), r.selectEmptyOption())
                      : r.unknownOption.parent().length
                        ? r.updateUnknownOption(t)
                        : r.renderUnknownOption(t);
                  });
                var o = !1;
                function a() {
                  o ||
                    ((o = !0),
                    n.$$postDigest(function() {
                      (o = !1), r.ngModelCtrl.$render();
                    }));
                }
                var s = !1;
                function c(t) {
                  s ||
                    ((s = !0),
                    n.$$postDigest(function() {
                      n.$$destroyed ||
                        ((s = !1),
                        r.ngModelCtrl.$setViewValue(r.readValue()),
                        t && r.ngModelCtrl.$render());
                    }));
                }
                r.registerOption = function(t, e, n, i, o) {
                  if (n.$attr.ngValue) {
                    var u,
                      s = NaN;
                    n.$observe("value", function(t) {
                      var n,
                        i = e.prop("selected");
                      q(s) && (r.removeOption(u), delete r.selectValueMap[s], (n = !0)),
                        (s = Ve(t)),
                        (u = t),
                        (r.selectValueMap[s] = t),
                        r.addOption(t, e),
                        e.attr("value", s),
                        n && i && c();
                    });
                  } else
                    i
                      ? n.$observe("value", function(t) {
                          var n;
                          r.readValue();
                          var i = e.prop("selected");
                          q(u) && (r.removeOption(u), (n = !0)),
                            (u = t),
                            r.addOption(t, e),
                            n && i && c();
                        })
                      : o
                        ? t.$watch(o, function(t, i) {
                            n.$set("value", t);
                            var o = e.prop("selected");
                            i !== t && r.removeOption(i), r.addOption(t, e), i && o && c();
                          })
                        : r.addOption(n.value, e);
                  n.$observe("disabled", function(t) {
                    ("true" === t || (t && e.prop("selected"))) &&
                      (r.multiple
                        ? c(!0)
                        : (r.ngModelCtrl.$setViewValue(null), r.ngModelCtrl.$render()));
                  }),
                    e.on("$destroy", function() {
                      var t = r.readValue(),
                        e = n.value;
                      r.removeOption(e),
                        a(),
                        ((r.multiple && t && -1 !== t.indexOf(e)) || t === e) && c(!0);
                    });
                };
              }
            ],
            wa = function() {
              return {
                restrict: "E",
                require: ["select", "?ngModel"],
                controller: ba,
                priority: 1,
                link: {
                  pre: function(t, e, n, r) {
                    var i = r[0],
                      o = r[1];
                    if (!o) return void (i.registerOption = D);
                    if (
                      ((i.ngModelCtrl = o),
                      e.on("change", function() {
                        i.removeUnknownOption(),
                          t.$apply(function() {
                            o.$setViewValue(i.readValue());
                          });
                      }),
                      n.multiple)
                    ) {
                      (i.multiple = !0),
                        (i.readValue = function() {
                          var t = [];
                          return (
                            C(e.find("option"), function(e) {
                              if (e.selected && !e.disabled) {
                                var n = e.value;
                                t.push(n in i.selectValueMap ? i.selectValueMap[n] : n);
                              }
                            }),
                            t
                          );
                        }),
                        (i.writeValue = function(t) {
                          C(e.find("option"), function(e) {
                            var n = !!t && (ot(t, e.value) || ot(t, i.selectValueMap[e.value])),
                              r = e.selected;
                            n !== r && ya(u(e), n);
                          });
                        });
                      var a,
                        s = NaN;
                      t.$watch(function() {
                        s !== o.$viewValue ||
                          ct(a, o.$viewValue) ||
                          ((a = Gt(o.$viewValue)), o.$render()),
                          (s = o.$viewValue);
                      }),
                        (o.$isEmpty = function(t) {
                          return !t || 0 === t.length;
                        });
                    }
                  },
                  post: function(t, e, n, r) {
                    var i = r[1];
                    if (!i) return;
                    var o = r[0];
                    i.$render = function() {
                      o.writeValue(i.$viewValue);
                    };
                  }
                }
              };
            },
            xa = [
              "$interpolate",
              function(t) {
                return {
                  restrict: "E",
                  priority: 100,
                  compile: function(e, n) {
                    var r, i;
                    return (
                      q(n.ngValue) ||
                        (q(n.value)
                          ? (r = t(n.value, !0))
                          : (i = t(e.text(), !0)) || n.$set("value", e.text())),
                      function(t, e, n) {
                        var o = e.parent(),
                          a = o.data("$selectController") || o.parent().data("$selectController");
                        a && a.registerOption(t, e, n, r, i);
                      }
                    );
                  }
                };
              }
            ],
            _a = function() {
              return {
                restrict: "A",
                require: "?ngModel",
                link: function(t, e, n, r) {
                  r &&
                    ((n.required = !0),
                    (r.$validators.required = function(t, e) {
                      return !n.required || !r.$isEmpty(e);
                    }),
                    n.$observe("required", function() {
                      r.$validate();
                    }));
                }
              };
            },
            Ca = function() {
              return {
                restrict: "A",
                require: "?ngModel",
                link: function(t, e, n, r) {
                  if (r) {
                    var i,
                      a = n.ngPattern || n.pattern;
                    n.$observe("pattern", function(t) {
                      if ((H(t) && t.length > 0 && (t = new RegExp("^" + t + "$")), t && !t.test))
                        throw o("ngPattern")(
                          "noregexp",
                          "Expected {0} to be a RegExp but was {1}. Element: {2}",
                          a,
                          t,
                          xt(e)
                        );
                      (i = t || void 0), r.$validate();
                    }),
                      (r.$validators.pattern = function(t, e) {
                        return r.$isEmpty(e) || V(i) || i.test(e);
                      });
                  }
                }
              };
            },
            Sa = function() {
              return {
                restrict: "A",
                require: "?ngModel",
                link: function(t, e, n, r) {
                  if (r) {
                    var i = -1;
                    n.$observe("maxlength", function(t) {
                      var e = N(t);
                      (i = M(e) ? -1 : e), r.$validate();
                    }),
                      (r.$validators.maxlength = function(t, e) {
                        return i < 0 || r.$isEmpty(e) || e.length <= i;
                      });
                  }
                }
              };
            },
            Ea = function() {
              return {
                restrict: "A",
                require: "?ngModel",
                link: function(t, e, n, r) {
                  if (r) {
                    var i = 0;
                    n.$observe("minlength", function(t) {
                      (i = N(t) || 0), r.$validate();
                    }),
                      (r.$validators.minlength = function(t, e) {
                        return r.$isEmpty(e) || e.length >= i;
                      });
                  }
                }
              };
            };
          e.angular.bootstrap
            ? e.console && console.log("WARNING: Tried to load AngularJS more than once.")
            : (!(function() {
                var n;
                if (!Dt) {
                  var r = ft();
                  (s = V(r) ? t : r ? e[r] : void 0) && s.fn.on
                    ? ((u = s),
                      O(s.fn, {
                        scope: je.scope,
                        isolateScope: je.isolateScope,
                        controller: je.controller,
                        injector: je.injector,
                        inheritedData: je.inheritedData
                      }))
                    : (u = he),
                    (n = u.cleanData),
                    (u.cleanData = function(t) {
                      for (var e, r, i = 0; null != (r = t[i]); i++)
                        (e = (u._data(r) || {}).events) &&
                          e.$destroy &&
                          u(r).triggerHandler("$destroy");
                      n(t);
                    }),
                    (w.element = u),
                    (Dt = !0);
                }
              })(),
              (function(t) {
                O(t, {
                  errorHandlingConfig: r,
                  bootstrap: Ot,
                  copy: ut,
                  extend: O,
                  merge: j,
                  equals: ct,
                  element: u,
                  forEach: C,
                  injector: Xe,
                  noop: D,
                  bind: dt,
                  toJson: gt,
                  fromJson: mt,
                  identity: I,
                  isUndefined: V,
                  isDefined: q,
                  isString: H,
                  isFunction: K,
                  isObject: U,
                  isNumber: B,
                  isElement: rt,
                  isArray: W,
                  version: Jt,
                  isDate: z,
                  callbacks: { $$counter: 0 },
                  getTestability: Nt,
                  reloadWithDebugInfo: jt,
                  $$minErr: o,
                  $$csp: lt,
                  $$encodeUriSegment: St,
                  $$encodeUriQuery: Et,
                  $$lowercase: h,
                  $$stringify: Ut,
                  $$uppercase: d
                }),
                  (c = (function(t) {
                    var e = o("$injector"),
                      n = o("ng");
                    function r(t, e, n) {
                      return t[e] || (t[e] = n());
                    }
                    var i = r(t, "angular", Object);
                    return (
                      (i.$$minErr = i.$$minErr || o),
                      r(i, "module", function() {
                        var t = {};
                        return function(i, o, a) {
                          var u = {};
                          return (
                            (function(t, e) {
                              if ("hasOwnProperty" === t)
                                throw n("badname", "hasOwnProperty is not a valid {0} name", e);
                            })(i, "module"),
                            o && t.hasOwnProperty(i) && (t[i] = null),
                            r(t, i, function() {
                              if (!o)
                                throw e(
                                  "nomod",
                                  "Module '{0}' is not available! You either misspelled the module name or forgot to load it. If registering a module ensure that you specify the dependencies as the second argument.",
                                  i
                                );
                              var t = [],
                                r = [],
                                s = [],
                                c = f("$injector", "invoke", "push", r),
                                l = {
                                  _invokeQueue: t,
                                  _configBlocks: r,
                                  _runBlocks: s,
                                  info: function(t) {
                                    if (q(t)) {
                                      if (!U(t))
                                        throw n(
                                          "aobj",
                                          "Argument '{0}' must be an object",
                                          "value"
                                        );
                                      return (u = t), this;
                                    }
                                    return u;
                                  },
                                  requires: o,
                                  name: i,
                                  provider: p("$provide", "provider"),
                                  factory: p("$provide", "factory"),
                                  service: p("$provide", "service"),
                                  value: f("$provide", "value"),
                                  constant: f("$provide", "constant", "unshift"),
                                  decorator: p("$provide", "decorator", r),
                                  animation: p("$animateProvider", "register"),
                                  filter: p("$filterProvider", "register"),
                                  controller: p("$controllerProvider", "register"),
                                  directive: p("$compileProvider", "directive"),
                                  component: p("$compileProvider", "component"),
                                  config: c,
                                  run: function(t) {
                                    return s.push(t), this;
                                  }
                                };
                              return a && c(a), l;
                              function f(e, n, r, i) {
                                return (
                                  i || (i = t),
                                  function() {
                                    return i[r || "push"]([e, n, arguments]), l;
                                  }
                                );
                              }
                              function p(e, n, r) {
                                return (
                                  r || (r = t),
                                  function(t, o) {
                                    return (
                                      o && K(o) && (o.$$moduleName = i),
                                      r.push([e, n, arguments]),
                                      l
                                    );
                                  }
                                );
                              }
                            })
                          );
                        };
                      })
                    );
                  })(e))(
                    "ng",
                    ["ngLocale"],
                    [
                      "$provide",
                      function(t) {
                        t.provider({ $$sanitizeUri: zr }),
                          t
                            .provider("$compile", gn)
                            .directive({
                              a: Ui,
                              input: xo,
                              textarea: xo,
                              form: Gi,
                              script: ma,
                              select: wa,
                              option: xa,
                              ngBind: So,
                              ngBindHtml: ko,
                              ngBindTemplate: Eo,
                              ngClass: Oo,
                              ngClassEven: No,
                              ngClassOdd: jo,
                              ngCloak: Mo,
                              ngController: Lo,
                              ngForm: Ki,
                              ngHide: la,
                              ngIf: Po,
                              ngInclude: Vo,
                              ngInit: Uo,
                              ngNonBindable: ea,
                              ngPluralize: oa,
                              ngRef: ua,
                              ngRepeat: sa,
                              ngShow: ca,
                              ngStyle: fa,
                              ngSwitch: pa,
                              ngSwitchWhen: ha,
                              ngSwitchDefault: da,
                              ngOptions: ia,
                              ngTransclude: ga,
                              ngModel: Yo,
                              ngList: Fo,
                              ngChange: Ao,
                              pattern: Ca,
                              ngPattern: Ca,
                              required: _a,
                              ngRequired: _a,
                              minlength: Ea,
                              ngMinlength: Ea,
                              maxlength: Sa,
                              ngMaxlength: Sa,
                              ngValue: Co,
                              ngModelOptions: Qo
                            })
                            .directive({ ngInclude: qo })
                            .directive(Fi)
                            .directive(Do),
                          t.provider({
                            $anchorScroll: Qe,
                            $animate: un,
                            $animateCss: ln,
                            $$animateJs: on,
                            $$animateQueue: an,
                            $$AnimateRunner: cn,
                            $$animateAsyncRun: sn,
                            $browser: fn,
                            $cacheFactory: pn,
                            $controller: Sn,
                            $document: En,
                            $$isDocumentHidden: kn,
                            $exceptionHandler: An,
                            $filter: di,
                            $$forceReflow: Tn,
                            $interpolate: Kn,
                            $interval: Yn,
                            $$intervalFactory: Zn,
                            $http: Bn,
                            $httpParamSerializer: Rn,
                            $httpParamSerializerJQLike: Pn,
                            $httpBackend: Wn,
                            $xhrFactory: zn,
                            $jsonpCallbacks: Xn,
                            $location: vr,
                            $log: gr,
                            $parse: Ir,
                            $rootScope: Br,
                            $q: Rr,
                            $$q: Pr,
                            $sce: Xr,
                            $sceDelegate: Zr,
                            $sniffer: Qr,
                            $$taskTrackerFactory: ti,
                            $templateCache: hn,
                            $templateRequest: ni,
                            $$testability: ri,
                            $timeout: oi,
                            $window: fi,
                            $$rAF: Hr,
                            $$jqLite: Pe,
                            $$Map: He,
                            $$cookieReader: hi
                          });
                      }
                    ]
                  ).info({ angularVersion: "1.7.3" });
              })(w),
              w.module(
                "ngLocale",
                [],
                [
                  "$provide",
                  function(t) {
                    var e = "one",
                      n = "other";
                    t.value("$locale", {
                      DATETIME_FORMATS: {
                        AMPMS: ["AM", "PM"],
                        DAY: [
                          "Sunday",
                          "Monday",
                          "Tuesday",
                          "Wednesday",
                          "Thursday",
                          "Friday",
                          "Saturday"
                        ],
                        ERANAMES: ["Before Christ", "Anno Domini"],
                        ERAS: ["BC", "AD"],
                        FIRSTDAYOFWEEK: 6,
                        MONTH: [
                          "January",
                          "February",
                          "March",
                          "April",
                          "May",
                          "June",
                          "July",
                          "August",
                          "September",
                          "October",
                          "November",
                          "December"
                        ],
                        SHORTDAY: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
                        SHORTMONTH: [
                          "Jan",
                          "Feb",
                          "Mar",
                          "Apr",
                          "May",
                          "Jun",
                          "Jul",
                          "Aug",
                          "Sep",
                          "Oct",
                          "Nov",
                          "Dec"
                        ],
                        STANDALONEMONTH: [
                          "January",
                          "February",
                          "March",
                          "April",
                          "May",
                          "June",
                          "July",
                          "August",
                          "September",
                          "October",
                          "November",
                          "December"
                        ],
                        WEEKENDRANGE: [5, 6],
                        fullDate: "EEEE, MMMM d, y",
                        longDate: "MMMM d, y",
                        medium: "MMM d, y h:mm:ss a",
                        mediumDate: "MMM d, y",
                        mediumTime: "h:mm:ss a",
                        short: "M/d/yy h:mm a",
                        shortDate: "M/d/yy",
                        shortTime: "h:mm a"
                      },
                      NUMBER_FORMATS: {
                        CURRENCY_SYM: "$",
                        DECIMAL_SEP: ".",
                        GROUP_SEP: ",",
                        PATTERNS: [
                          {
                            gSize: 3,
                            lgSize: 3,
                            maxFrac: 3,
                            minFrac: 0,
                            minInt: 1,
                            negPre: "-",
                            negSuf: "",
                            posPre: "",
                            posSuf: ""
                          },
                          {
                            gSize: 3,
                            lgSize: 3,
                            maxFrac: 2,
                            minFrac: 2,
                            minInt: 1,
                            negPre: "-¤",
                            negSuf: "",
                            posPre: "¤",
                            posSuf: ""
                          }
                        ]
                      },
                      id: "en-us",
                      localeID: "en_US",
                      pluralCat: function(t, r) {
                        var i = 0 | t,
                          o = (function(t, e) {
                            var n = e;
                            void 0 === n &&
                              (n = Math.min(
                                (function(t) {
                                  var e = (t += "").indexOf(".");
                                  return -1 == e ? 0 : t.length - e - 1;
                                })(t),
                                3
                              ));
                            var r = Math.pow(10, n);
                            return { v: n, f: ((t * r) | 0) % r };
                          })(t, r);
                        return 1 == i && 0 == o.v ? e : n;
                      }
                    });
                  }
                ]
              ),
              u(function() {
                Tt(e.document, Ot);
              }));
        })(window),
          !window.angular.$$csp().noInlineStyle &&
            window.angular
              .element(document.head)
              .prepend(
                '<style type="text/css">@charset "UTF-8";[ng\\:cloak],[ng-cloak],[data-ng-cloak],[x-ng-cloak],.ng-cloak,.x-ng-cloak,.ng-hide:not(.ng-hide-animate){display:none !important;}ng\\:form{display:block;}.ng-animate-shim{visibility:hidden;}.ng-anchor{position:absolute;}</style>'
              );
      }.call(this, n(1)));
    },
    31: function(t, e, n) {
      var r;
      /*!
 * angular-translate - v2.18.1 - 2018-05-19
 * 
 * Copyright (c) 2018 The angular-translate team, Pascal Precht; Licensed MIT
 */ void 0 ===
        (r = function() {
          return (function() {
            function t(t) {
              "use strict";
              var e = t.storageKey(),
                n = t.storage(),
                r = function() {
                  var r = t.preferredLanguage();
                  angular.isString(r) ? t.use(r) : n.put(e, t.use());
                };
              (r.displayName = "fallbackFromIncorrectStorageValue"),
                n
                  ? n.get(e)
                    ? t.use(n.get(e)).catch(r)
                    : r()
                  : angular.isString(t.preferredLanguage()) && t.use(t.preferredLanguage());
            }
            function e(t, e, n, r) {
              "use strict";
              var i,
                o,
                a,
                u,
                s,
                c,
                l,
                f,
                p,
                h,
                d,
                v,
                g,
                m,
                $,
                y,
                b = {},
                w = [],
                x = t,
                _ = [],
                C = "translate-cloak",
                S = !1,
                E = !1,
                k = ".",
                A = !1,
                T = !1,
                O = 0,
                j = !0,
                N = "default",
                M = {
                  default: function(t) {
                    return (t || "").split("-").join("_");
                  },
                  java: function(t) {
                    var e = (t || "").split("-").join("_"),
                      n = e.split("_");
                    return n.length > 1 ? n[0].toLowerCase() + "_" + n[1].toUpperCase() : e;
                  },
                  bcp47: function(t) {
                    var e = (t || "").split("_").join("-"),
                      n = e.split("-");
                    switch (n.length) {
                      case 1:
                        n[0] = n[0].toLowerCase();
                        break;
                      case 2:
                        (n[0] = n[0].toLowerCase()),
                          4 === n[1].length
                            ? (n[1] = n[1].charAt(0).toUpperCase() + n[1].slice(1).toLowerCase())
                            : (n[1] = n[1].toUpperCase());
                        break;
                      case 3:
                        (n[0] = n[0].toLowerCase()),
                          (n[1] = n[1].charAt(0).toUpperCase() + n[1].slice(1).toLowerCase()),
                          (n[2] = n[2].toUpperCase());
                        break;
                      default:
                        return e;
                    }
                    return n.join("-");
                  },
                  "iso639-1": function(t) {
                    var e = (t || "").split("_").join("-"),
                      n = e.split("-");
                    return n[0].toLowerCase();
                  }
                },
                L = function() {
                  if (angular.isFunction(r.getLocale)) return r.getLocale();
                  var t,
                    n,
                    i = e.$get().navigator,
                    o = ["language", "browserLanguage", "systemLanguage", "userLanguage"];
                  if (angular.isArray(i.languages))
                    for (t = 0; t < i.languages.length; t++)
                      if ((n = i.languages[t]) && n.length) return n;
                  for (t = 0; t < o.length; t++) if ((n = i[o[t]]) && n.length) return n;
                  return null;
                };
              L.displayName = "angular-translate/service: getFirstBrowserLanguage";
              var D = function() {
                var t = L() || "";
                return M[N] && (t = M[N](t)), t;
              };
              D.displayName = "angular-translate/service: getLocale";
              var I = function(t, e) {
                  for (var n = 0, r = t.length; n < r; n++) if (t[n] === e) return n;
                  return -1;
                },
                R = function() {
                  return this.toString().replace(/^\s+|\s+$/g, "");
                },
                P = function(t) {
                  return angular.isString(t) ? t.toLowerCase() : t;
                },
                V = function(t) {
                  if (t) {
                    for (var e, n = [], r = P(t), i = 0, a = w.length; i < a; i++) n.push(P(w[i]));
                    if ((i = I(n, r)) > -1) return w[i];
                    if (o)
                      for (var u in o)
                        if (o.hasOwnProperty(u)) {
                          var s = !1,
                            c = Object.prototype.hasOwnProperty.call(o, u) && P(u) === P(t);
                          if (
                            ("*" === u.slice(-1) &&
                              (s = P(u.slice(0, -1)) === P(t.slice(0, u.length - 1))),
                            (c || s) && ((e = o[u]), I(n, P(e)) > -1))
                          )
                            return e;
                        }
                    var l = t.split("_");
                    return l.length > 1 && I(n, P(l[0])) > -1 ? l[0] : void 0;
                  }
                },
                q = function(t, e) {
                  if (!t && !e) return b;
                  if (t && !e) {
                    if (angular.isString(t)) return b[t];
                  } else angular.isObject(b[t]) || (b[t] = {}), angular.extend(b[t], U(e));
                  return this;
                };
              (this.translations = q),
                (this.cloakClassName = function(t) {
                  return t ? ((C = t), this) : C;
                }),
                (this.nestedObjectDelimeter = function(t) {
                  return t ? ((k = t), this) : k;
                });
              var U = function(t, e, n, r) {
                var i, o, a, u;
                for (i in (e || (e = []), n || (n = {}), t))
                  Object.prototype.hasOwnProperty.call(t, i) &&
                    ((u = t[i]),
                    angular.isObject(u)
                      ? U(u, e.concat(i), n, i)
                      : ((o = e.length ? "" + e.join(k) + k + i : i),
                        e.length && i === r && ((a = "" + e.join(k)), (n[a] = "@:" + o)),
                        (n[o] = u)));
                return n;
              };
              (U.displayName = "flatObject"),
                (this.addInterpolation = function(t) {
                  return _.push(t), this;
                }),
                (this.useMessageFormatInterpolation = function() {
                  return this.useInterpolation("$translateMessageFormatInterpolation");
                }),
                (this.useInterpolation = function(t) {
                  return (h = t), this;
                }),
                (this.useSanitizeValueStrategy = function(t) {
                  return n.useStrategy(t), this;
                }),
                (this.preferredLanguage = function(t) {
                  return t ? (F(t), this) : i;
                });
              var F = function(t) {
                return t && (i = t), i;
              };
              (this.translationNotFoundIndicator = function(t) {
                return (
                  this.translationNotFoundIndicatorLeft(t),
                  this.translationNotFoundIndicatorRight(t),
                  this
                );
              }),
                (this.translationNotFoundIndicatorLeft = function(t) {
                  return t ? ((g = t), this) : g;
                }),
                (this.translationNotFoundIndicatorRight = function(t) {
                  return t ? ((m = t), this) : m;
                }),
                (this.fallbackLanguage = function(t) {
                  return H(t), this;
                });
              var H = function(t) {
                return t
                  ? (angular.isString(t)
                      ? ((u = !0), (a = [t]))
                      : angular.isArray(t) && ((u = !1), (a = t)),
                    angular.isString(i) && I(a, i) < 0 && a.push(i),
                    this)
                  : u
                    ? a[0]
                    : a;
              };
              (this.use = function(t) {
                if (t) {
                  if (!b[t] && !d)
                    throw new Error(
                      "$translateProvider couldn't find translationTable for langKey: '" + t + "'"
                    );
                  return (s = t), this;
                }
                return s;
              }),
                (this.resolveClientLocale = function() {
                  return D();
                });
              var B = function(t) {
                return t ? ((x = t), this) : f ? f + x : x;
              };
              (this.storageKey = B),
                (this.useUrlLoader = function(t, e) {
                  return this.useLoader("$translateUrlLoader", angular.extend({ url: t }, e));
                }),
                (this.useStaticFilesLoader = function(t) {
                  return this.useLoader("$translateStaticFilesLoader", t);
                }),
                (this.useLoader = function(t, e) {
                  return (d = t), (v = e || {}), this;
                }),
                (this.useLocalStorage = function() {
                  return this.useStorage("$translateLocalStorage");
                }),
                (this.useCookieStorage = function() {
                  return this.useStorage("$translateCookieStorage");
                }),
                (this.useStorage = function(t) {
                  return (l = t), this;
                }),
                (this.storagePrefix = function(t) {
                  return t ? ((f = t), this) : t;
                }),
                (this.useMissingTranslationHandlerLog = function() {
                  return this.useMissingTranslationHandler(
                    "$translateMissingTranslationHandlerLog"
                  );
                }),
                (this.useMissingTranslationHandler = function(t) {
                  return (p = t), this;
                }),
                (this.usePostCompiling = function(t) {
                  return (S = !!t), this;
                }),
                (this.forceAsyncReload = function(t) {
                  return (E = !!t), this;
                }),
                (this.uniformLanguageTag = function(t) {
                  return (
                    t ? angular.isString(t) && (t = { standard: t }) : (t = {}),
                    (N = t.standard),
                    this
                  );
                }),
                (this.determinePreferredLanguage = function(t) {
                  var e = t && angular.isFunction(t) ? t() : D();
                  return (i = (w.length && V(e)) || e), this;
                }),
                (this.registerAvailableLanguageKeys = function(t, e) {
                  return t ? ((w = t), e && (o = e), this) : w;
                }),
                (this.useLoaderCache = function(t) {
                  return (
                    !1 === t
                      ? ($ = void 0)
                      : !0 === t
                        ? ($ = !0)
                        : void 0 === t
                          ? ($ = "$translationCache")
                          : t && ($ = t),
                    this
                  );
                }),
                (this.directivePriority = function(t) {
                  return void 0 === t ? O : ((O = t), this);
                }),
                (this.statefulFilter = function(t) {
                  return void 0 === t ? j : ((j = t), this);
                }),
                (this.postProcess = function(t) {
                  return (y = t || void 0), this;
                }),
                (this.keepContent = function(t) {
                  return (T = !!t), this;
                }),
                (this.$get = [
                  "$log",
                  "$injector",
                  "$rootScope",
                  "$q",
                  function(t, e, n, r) {
                    var o,
                      f,
                      N,
                      M = e.get(h || "$translateDefaultInterpolation"),
                      L = !1,
                      P = {},
                      z = {},
                      W = function(t, e, n, u, c, p) {
                        !s && i && (s = i);
                        var h = c && c !== s ? V(c) || c : s;
                        if ((c && ot(c), angular.isArray(t)))
                          return (function(t) {
                            for (
                              var i = {},
                                o = [],
                                a = function(t) {
                                  var o = r.defer(),
                                    a = function(e) {
                                      (i[t] = e), o.resolve([t, e]);
                                    };
                                  return W(t, e, n, u, c, p).then(a, a), o.promise;
                                },
                                s = 0,
                                l = t.length;
                              s < l;
                              s++
                            )
                              o.push(a(t[s]));
                            return r.all(o).then(function() {
                              return i;
                            });
                          })(t);
                        var d = r.defer();
                        t && (t = R.apply(t));
                        var v = (function() {
                          var t = z[h] || z[i];
                          if (((f = 0), l && !t)) {
                            var e = o.get(x);
                            if (((t = z[e]), a && a.length)) {
                              var n = I(a, e);
                              (f = 0 === n ? 1 : 0), I(a, i) < 0 && a.push(i);
                            }
                          }
                          return t;
                        })();
                        if (v) {
                          var g = function() {
                            c || (h = s), nt(t, e, n, u, h, p).then(d.resolve, d.reject);
                          };
                          (g.displayName = "promiseResolved"), v.finally(g).catch(angular.noop);
                        } else nt(t, e, n, u, h, p).then(d.resolve, d.reject);
                        return d.promise;
                      },
                      G = function(t) {
                        return g && (t = [g, t].join(" ")), m && (t = [t, m].join(" ")), t;
                      },
                      K = function(t) {
                        (s = t),
                          l && o.put(W.storageKey(), s),
                          n.$emit("$translateChangeSuccess", { language: t }),
                          M.setLocale(s);
                        var e = function(t, e) {
                          P[e].setLocale(s);
                        };
                        (e.displayName = "eachInterpolatorLocaleSetter"),
                          angular.forEach(P, e),
                          n.$emit("$translateChangeEnd", { language: t });
                      },
                      J = function(t) {
                        if (!t) throw "No language key specified for loading.";
                        var i = r.defer();
                        n.$emit("$translateLoadingStart", { language: t }), (L = !0);
                        var o = $;
                        "string" == typeof o && (o = e.get(o));
                        var a = angular.extend({}, v, {
                            key: t,
                            $http: angular.extend({}, { cache: o }, v.$http)
                          }),
                          u = function(e) {
                            var r = {};
                            n.$emit("$translateLoadingSuccess", { language: t }),
                              angular.isArray(e)
                                ? angular.forEach(e, function(t) {
                                    angular.extend(r, U(t));
                                  })
                                : angular.extend(r, U(e)),
                              (L = !1),
                              i.resolve({ key: t, table: r }),
                              n.$emit("$translateLoadingEnd", { language: t });
                          };
                        u.displayName = "onLoaderSuccess";
                        var s = function(t) {
                          n.$emit("$translateLoadingError", { language: t }),
                            i.reject(t),
                            n.$emit("$translateLoadingEnd", { language: t });
                        };
                        return (
                          (s.displayName = "onLoaderError"),
                          e
                            .get(d)(a)
                            .then(u, s),
                          i.promise
                        );
                      };
                    if (l && (!(o = e.get(l)).get || !o.put))
                      throw new Error(
                        "Couldn't use storage '" + l + "', missing get() or put() method!"
                      );
                    if (_.length) {
                      var Y = function(t) {
                        var n = e.get(t);
                        n.setLocale(i || s), (P[n.getInterpolationIdentifier()] = n);
                      };
                      (Y.displayName = "interpolationFactoryAdder"), angular.forEach(_, Y);
                    }
                    var Z = function(t, e, n, i, o) {
                        var a = r.defer(),
                          u = function(r) {
                            if (Object.prototype.hasOwnProperty.call(r, e) && null !== r[e]) {
                              i.setLocale(t);
                              var u = r[e];
                              if ("@:" === u.substr(0, 2))
                                Z(t, u.substr(2), n, i, o).then(a.resolve, a.reject);
                              else {
                                var c = i.interpolate(r[e], n, "service", o, e);
                                (c = it(e, r[e], c, n, t)), a.resolve(c);
                              }
                              i.setLocale(s);
                            } else a.reject();
                          };
                        return (
                          (u.displayName = "fallbackTranslationResolver"),
                          (function(t) {
                            var e = r.defer();
                            if (Object.prototype.hasOwnProperty.call(b, t)) e.resolve(b[t]);
                            else if (z[t]) {
                              var n = function(t) {
                                q(t.key, t.table), e.resolve(t.table);
                              };
                              (n.displayName = "translationTableResolver"), z[t].then(n, e.reject);
                            } else e.reject();
                            return e.promise;
                          })(t).then(u, a.reject),
                          a.promise
                        );
                      },
                      X = function(t, e, n, r, i) {
                        var o,
                          a = b[t];
                        if (a && Object.prototype.hasOwnProperty.call(a, e) && null !== a[e]) {
                          if (
                            (r.setLocale(t),
                            (o = r.interpolate(a[e], n, "filter", i, e)),
                            (o = it(e, a[e], o, n, t, i)),
                            !angular.isString(o) && angular.isFunction(o.$$unwrapTrustedValue))
                          ) {
                            var u = o.$$unwrapTrustedValue();
                            if ("@:" === u.substr(0, 2)) return X(t, u.substr(2), n, r, i);
                          } else if ("@:" === o.substr(0, 2)) return X(t, o.substr(2), n, r, i);
                          r.setLocale(s);
                        }
                        return o;
                      },
                      Q = function(t, n, r, i) {
                        return p ? e.get(p)(t, s, n, r, i) : t;
                      },
                      tt = function(t, e, n, i, o, u) {
                        var s = r.defer();
                        if (t < a.length) {
                          var c = a[t];
                          Z(c, e, n, i, u).then(
                            function(t) {
                              s.resolve(t);
                            },
                            function() {
                              return tt(t + 1, e, n, i, o, u).then(s.resolve, s.reject);
                            }
                          );
                        } else if (o) s.resolve(o);
                        else {
                          var l = Q(e, n, o);
                          p && l ? s.resolve(l) : s.reject(G(e));
                        }
                        return s.promise;
                      },
                      et = function(t, e, n, r, i) {
                        var o;
                        if (t < a.length) {
                          var u = a[t];
                          (o = X(u, e, n, r, i)) || "" === o || (o = et(t + 1, e, n, r));
                        }
                        return o;
                      },
                      nt = function(t, e, n, i, o, u) {
                        var s = r.defer(),
                          c = o ? b[o] : b,
                          l = n ? P[n] : M;
                        if (c && Object.prototype.hasOwnProperty.call(c, t) && null !== c[t]) {
                          var h = c[t];
                          if ("@:" === h.substr(0, 2))
                            W(h.substr(2), e, n, i, o, u).then(s.resolve, s.reject);
                          else {
                            var d = l.interpolate(h, e, "service", u, t);
                            (d = it(t, h, d, e, o)), s.resolve(d);
                          }
                        } else {
                          var v;
                          p && !L && (v = Q(t, e, i)),
                            o && a && a.length
                              ? (function(t, e, n, r, i) {
                                  return tt(N > 0 ? N : f, t, e, n, r, i);
                                })(t, e, l, i, u).then(
                                  function(t) {
                                    s.resolve(t);
                                  },
                                  function(t) {
                                    s.reject(G(t));
                                  }
                                )
                              : p && !L && v
                                ? i
                                  ? s.resolve(i)
                                  : s.resolve(v)
                                : i
                                  ? s.resolve(i)
                                  : s.reject(G(t));
                        }
                        return s.promise;
                      },
                      rt = function(t, e, n, r, i) {
                        var o,
                          u = r ? b[r] : b,
                          s = M;
                        if (
                          (P && Object.prototype.hasOwnProperty.call(P, n) && (s = P[n]),
                          u && Object.prototype.hasOwnProperty.call(u, t) && null !== u[t])
                        ) {
                          var c = u[t];
                          "@:" === c.substr(0, 2)
                            ? (o = rt(c.substr(2), e, n, r, i))
                            : ((o = s.interpolate(c, e, "filter", i, t)),
                              (o = it(t, c, o, e, r, i)));
                        } else {
                          var l;
                          p && !L && (l = Q(t, e, i)),
                            r && a && a.length
                              ? ((f = 0),
                                (o = (function(t, e, n, r) {
                                  return et(N > 0 ? N : f, t, e, n, r);
                                })(t, e, s, i)))
                              : (o = p && !L && l ? l : G(t));
                        }
                        return o;
                      },
                      it = function(t, n, r, i, o, a) {
                        var u = y;
                        return u && ("string" == typeof u && (u = e.get(u)), u)
                          ? u(t, n, r, i, o, a)
                          : r;
                      },
                      ot = function(t) {
                        b[t] ||
                          !d ||
                          z[t] ||
                          (z[t] = J(t).then(function(t) {
                            return q(t.key, t.table), t;
                          }));
                      };
                    (W.preferredLanguage = function(t) {
                      return t && F(t), i;
                    }),
                      (W.cloakClassName = function() {
                        return C;
                      }),
                      (W.nestedObjectDelimeter = function() {
                        return k;
                      }),
                      (W.fallbackLanguage = function(t) {
                        if (void 0 !== t && null !== t) {
                          if ((H(t), d && a && a.length))
                            for (var e = 0, n = a.length; e < n; e++)
                              z[a[e]] || (z[a[e]] = J(a[e]));
                          W.use(W.use());
                        }
                        return u ? a[0] : a;
                      }),
                      (W.useFallbackLanguage = function(t) {
                        if (void 0 !== t && null !== t)
                          if (t) {
                            var e = I(a, t);
                            e > -1 && (N = e);
                          } else N = 0;
                      }),
                      (W.proposedLanguage = function() {
                        return c;
                      }),
                      (W.storage = function() {
                        return o;
                      }),
                      (W.negotiateLocale = V),
                      (W.use = function(t) {
                        if (!t) return s;
                        var e = r.defer();
                        e.promise.then(null, angular.noop),
                          n.$emit("$translateChangeStart", { language: t });
                        var i = V(t);
                        return w.length > 0 && !i
                          ? r.reject(t)
                          : (i && (t = i),
                            (c = t),
                            (!E && b[t]) || !d || z[t]
                              ? z[t]
                                ? z[t].then(
                                    function(t) {
                                      return c === t.key && K(t.key), e.resolve(t.key), t;
                                    },
                                    function(t) {
                                      return !s && a && a.length > 0 && a[0] !== t
                                        ? W.use(a[0]).then(e.resolve, e.reject)
                                        : e.reject(t);
                                    }
                                  )
                                : (e.resolve(t), K(t))
                              : ((z[t] = J(t).then(
                                  function(n) {
                                    return (
                                      q(n.key, n.table), e.resolve(n.key), c === t && K(n.key), n
                                    );
                                  },
                                  function(t) {
                                    return (
                                      n.$emit("$translateChangeError", { language: t }),
                                      e.reject(t),
                                      n.$emit("$translateChangeEnd", { language: t }),
                                      r.reject(t)
                                    );
                                  }
                                )),
                                z[t]
                                  .finally(function() {
                                    !(function(t) {
                                      c === t && (c = void 0), (z[t] = void 0);
                                    })(t);
                                  })
                                  .catch(angular.noop)),
                            e.promise);
                      }),
                      (W.resolveClientLocale = function() {
                        return D();
                      }),
                      (W.storageKey = function() {
                        return B();
                      }),
                      (W.isPostCompilingEnabled = function() {
                        return S;
                      }),
                      (W.isForceAsyncReloadEnabled = function() {
                        return E;
                      }),
                      (W.isKeepContent = function() {
                        return T;
                      }),
                      (W.refresh = function(t) {
                        if (!d)
                          throw new Error(
                            "Couldn't refresh translation table, no loader registered!"
                          );
                        n.$emit("$translateRefreshStart", { language: t });
                        var e = r.defer(),
                          i = {};
                        function o(t) {
                          var e = J(t);
                          return (
                            (z[t] = e),
                            e.then(function(e) {
                              (b[t] = {}), q(t, e.table), (i[t] = !0);
                            }, angular.noop),
                            e
                          );
                        }
                        if (
                          (e.promise
                            .then(function() {
                              for (var t in b) b.hasOwnProperty(t) && (t in i || delete b[t]);
                              s && K(s);
                            }, angular.noop)
                            .finally(function() {
                              n.$emit("$translateRefreshEnd", { language: t });
                            }),
                          t)
                        )
                          b[t] ? o(t).then(e.resolve, e.reject) : e.reject();
                        else {
                          var u = (a && a.slice()) || [];
                          s && -1 === u.indexOf(s) && u.push(s),
                            r.all(u.map(o)).then(e.resolve, e.reject);
                        }
                        return e.promise;
                      }),
                      (W.instant = function(t, e, n, r, o) {
                        var u = r && r !== s ? V(r) || r : s;
                        if (null === t || angular.isUndefined(t)) return t;
                        if ((r && ot(r), angular.isArray(t))) {
                          for (var c = {}, l = 0, f = t.length; l < f; l++)
                            c[t[l]] = W.instant(t[l], e, n, r, o);
                          return c;
                        }
                        if (angular.isString(t) && t.length < 1) return t;
                        t && (t = R.apply(t));
                        var h,
                          d,
                          v = [];
                        i && v.push(i), u && v.push(u), a && a.length && (v = v.concat(a));
                        for (var $ = 0, y = v.length; $ < y; $++) {
                          var w = v[$];
                          if ((b[w] && void 0 !== b[w][t] && (h = rt(t, e, n, u, o)), void 0 !== h))
                            break;
                        }
                        return (
                          h ||
                            "" === h ||
                            (g || m
                              ? (h = G(t))
                              : ((h = M.interpolate(t, e, "filter", o)),
                                p && !L && (d = Q(t, e, o)),
                                p && !L && d && (h = d))),
                          h
                        );
                      }),
                      (W.versionInfo = function() {
                        return "2.18.1";
                      }),
                      (W.loaderCache = function() {
                        return $;
                      }),
                      (W.directivePriority = function() {
                        return O;
                      }),
                      (W.statefulFilter = function() {
                        return j;
                      }),
                      (W.isReady = function() {
                        return A;
                      });
                    var at = r.defer();
                    at.promise.then(function() {
                      A = !0;
                    }),
                      (W.onReady = function(t) {
                        var e = r.defer();
                        return (
                          angular.isFunction(t) && e.promise.then(t),
                          A ? e.resolve() : at.promise.then(e.resolve),
                          e.promise
                        );
                      }),
                      (W.getAvailableLanguageKeys = function() {
                        return w.length > 0 ? w : null;
                      }),
                      (W.getTranslationTable = function(t) {
                        return (t = t || W.use()) && b[t] ? angular.copy(b[t]) : null;
                      });
                    var ut = n.$on("$translateReady", function() {
                        at.resolve(), ut(), (ut = null);
                      }),
                      st = n.$on("$translateChangeEnd", function() {
                        at.resolve(), st(), (st = null);
                      });
                    if (d) {
                      if ((angular.equals(b, {}) && W.use() && W.use(W.use()), a && a.length))
                        for (
                          var ct = function(t) {
                              return (
                                q(t.key, t.table),
                                n.$emit("$translateChangeEnd", { language: t.key }),
                                t
                              );
                            },
                            lt = 0,
                            ft = a.length;
                          lt < ft;
                          lt++
                        ) {
                          var pt = a[lt];
                          (!E && b[pt]) || (z[pt] = J(pt).then(ct));
                        }
                    } else n.$emit("$translateReady", { language: W.use() });
                    return W;
                  }
                ]);
            }
            function n(t, e) {
              "use strict";
              var n = {
                setLocale: function(t) {},
                getInterpolationIdentifier: function() {
                  return "default";
                },
                useSanitizeValueStrategy: function(t) {
                  return e.useStrategy(t), this;
                },
                interpolate: function(n, r, i, o, a) {
                  var u;
                  return (
                    (r = r || {}),
                    (r = e.sanitize(r, "params", o, i)),
                    angular.isNumber(n)
                      ? (u = "" + n)
                      : angular.isString(n)
                        ? ((u = t(n)(r)), (u = e.sanitize(u, "text", o, i)))
                        : (u = ""),
                    u
                  );
                }
              };
              return n;
            }
            function r(t, e, n, r, i) {
              "use strict";
              var o = function(t) {
                return angular.isString(t) ? t.toLowerCase() : t;
              };
              return {
                restrict: "AE",
                scope: !0,
                priority: t.directivePriority(),
                compile: function(a, u) {
                  var s = u.translateValues ? u.translateValues : void 0,
                    c = u.translateInterpolation ? u.translateInterpolation : void 0,
                    l = u.translateSanitizeStrategy ? u.translateSanitizeStrategy : void 0,
                    f = a[0].outerHTML.match(/translate-value-+/i),
                    p = "^(.*)(" + e.startSymbol() + ".*" + e.endSymbol() + ")(.*)",
                    h = "^(.*)" + e.startSymbol() + "(.*)" + e.endSymbol() + "(.*)";
                  return function(a, d, v) {
                    (a.interpolateParams = {}),
                      (a.preText = ""),
                      (a.postText = ""),
                      (a.translateNamespace = (function t(e) {
                        return e.translateNamespace
                          ? e.translateNamespace
                          : e.$parent
                            ? t(e.$parent)
                            : void 0;
                      })(a));
                    var g = {},
                      m = function(t) {
                        if (
                          (angular.isFunction(m._unwatchOld) &&
                            (m._unwatchOld(), (m._unwatchOld = void 0)),
                          angular.equals(t, "") || !angular.isDefined(t))
                        ) {
                          var n = function() {
                              return this.toString().replace(/^\s+|\s+$/g, "");
                            }.apply(d.text()),
                            r = n.match(p);
                          if (angular.isArray(r)) {
                            (a.preText = r[1]),
                              (a.postText = r[3]),
                              (g.translate = e(r[2])(a.$parent));
                            var i = n.match(h);
                            angular.isArray(i) &&
                              i[2] &&
                              i[2].length &&
                              (m._unwatchOld = a.$watch(i[2], function(t) {
                                (g.translate = t), _();
                              }));
                          } else g.translate = n || void 0;
                        } else g.translate = t;
                        _();
                      },
                      $ = function(t) {
                        v.$observe(t, function(e) {
                          (g[t] = e), _();
                        });
                      };
                    !(function(t, e, n) {
                      if (
                        (e.translateValues && angular.extend(t, r(e.translateValues)(a.$parent)), f)
                      )
                        for (var i in n)
                          if (
                            Object.prototype.hasOwnProperty.call(e, i) &&
                            "translateValue" === i.substr(0, 14) &&
                            "translateValues" !== i
                          ) {
                            var u = o(i.substr(14, 1)) + i.substr(15);
                            t[u] = n[i];
                          }
                    })(a.interpolateParams, v, u);
                    var y = !0;
                    for (var b in (v.$observe("translate", function(t) {
                      void 0 === t ? m("") : ("" === t && y) || ((g.translate = t), _()), (y = !1);
                    }),
                    v))
                      v.hasOwnProperty(b) &&
                        "translateAttr" === b.substr(0, 13) &&
                        b.length > 13 &&
                        $(b);
                    if (
                      (v.$observe("translateDefault", function(t) {
                        (a.defaultText = t), _();
                      }),
                      l &&
                        v.$observe("translateSanitizeStrategy", function(t) {
                          (a.sanitizeStrategy = r(t)(a.$parent)), _();
                        }),
                      s &&
                        v.$observe("translateValues", function(t) {
                          t &&
                            a.$parent.$watch(function() {
                              angular.extend(a.interpolateParams, r(t)(a.$parent));
                            });
                        }),
                      f)
                    ) {
                      var w = function(t) {
                        v.$observe(t, function(e) {
                          var n = o(t.substr(14, 1)) + t.substr(15);
                          a.interpolateParams[n] = e;
                        });
                      };
                      for (var x in v)
                        Object.prototype.hasOwnProperty.call(v, x) &&
                          "translateValue" === x.substr(0, 14) &&
                          "translateValues" !== x &&
                          w(x);
                    }
                    var _ = function() {
                        for (var t in g)
                          g.hasOwnProperty(t) &&
                            void 0 !== g[t] &&
                            C(t, g[t], a, a.interpolateParams, a.defaultText, a.translateNamespace);
                      },
                      C = function(e, n, r, i, o, a) {
                        n
                          ? (a && "." === n.charAt(0) && (n = a + n),
                            t(n, i, c, o, r.translateLanguage, r.sanitizeStrategy).then(
                              function(t) {
                                S(t, r, !0, e);
                              },
                              function(t) {
                                S(t, r, !1, e);
                              }
                            ))
                          : S(n, r, !1, e);
                      },
                      S = function(e, r, i, o) {
                        if (
                          (i || (void 0 !== r.defaultText && (e = r.defaultText)),
                          "translate" === o)
                        ) {
                          (i || (!i && !t.isKeepContent() && void 0 === v.translateKeepContent)) &&
                            d.empty().append(r.preText + e + r.postText);
                          var a = t.isPostCompilingEnabled(),
                            s = void 0 !== u.translateCompile,
                            c = s && "false" !== u.translateCompile;
                          ((a && !s) || c) && n(d.contents())(r);
                        } else {
                          var l = v.$attr[o];
                          "data-" === l.substr(0, 5) && (l = l.substr(5)),
                            (l = l.substr(15)),
                            d.attr(l, e);
                        }
                      };
                    (s || f || v.translateDefault) && a.$watch("interpolateParams", _, !0),
                      a.$on("translateLanguageChanged", _);
                    var E = i.$on("$translateChangeSuccess", _);
                    d.text().length
                      ? v.translate
                        ? m(v.translate)
                        : m("")
                      : v.translate && m(v.translate),
                      _(),
                      a.$on("$destroy", E);
                  };
                }
              };
            }
            function i(t, e) {
              "use strict";
              return {
                restrict: "A",
                priority: t.directivePriority(),
                link: function(n, r, i) {
                  var a,
                    u,
                    s,
                    c = {},
                    l = function() {
                      angular.forEach(a, function(e, o) {
                        e &&
                          ((c[o] = !0),
                          n.translateNamespace &&
                            "." === e.charAt(0) &&
                            (e = n.translateNamespace + e),
                          t(e, u, i.translateInterpolation, void 0, n.translateLanguage, s).then(
                            function(t) {
                              r.attr(o, t);
                            },
                            function(t) {
                              r.attr(o, t);
                            }
                          ));
                      }),
                        angular.forEach(c, function(t, e) {
                          a[e] || (r.removeAttr(e), delete c[e]);
                        });
                    };
                  o(
                    n,
                    i.translateAttr,
                    function(t) {
                      a = t;
                    },
                    l
                  ),
                    o(
                      n,
                      i.translateValues,
                      function(t) {
                        u = t;
                      },
                      l
                    ),
                    o(
                      n,
                      i.translateSanitizeStrategy,
                      function(t) {
                        s = t;
                      },
                      l
                    ),
                    i.translateValues && n.$watch(i.translateValues, l, !0),
                    n.$on("translateLanguageChanged", l);
                  var f = e.$on("$translateChangeSuccess", l);
                  l(), n.$on("$destroy", f);
                }
              };
            }
            function o(t, e, n, r) {
              "use strict";
              e &&
                ("::" === e.substr(0, 2)
                  ? (e = e.substr(2))
                  : t.$watch(
                      e,
                      function(t) {
                        n(t), r();
                      },
                      !0
                    ),
                n(t.$eval(e)));
            }
            function a(t, e) {
              "use strict";
              return {
                compile: function(n) {
                  var r = function(e) {
                    e.addClass(t.cloakClassName());
                  };
                  return (
                    r(n),
                    function(n, i, o) {
                      var a = function(e) {
                          e.removeClass(t.cloakClassName());
                        }.bind(this, i),
                        u = r.bind(this, i);
                      o.translateCloak && o.translateCloak.length
                        ? (o.$observe("translateCloak", function(e) {
                            t(e).then(a, u);
                          }),
                          e.$on("$translateChangeSuccess", function() {
                            t(o.translateCloak).then(a, u);
                          }))
                        : t.onReady(a);
                    }
                  );
                }
              };
            }
            function u() {
              "use strict";
              return {
                restrict: "A",
                scope: !0,
                compile: function() {
                  return {
                    pre: function(t, e, n) {
                      (t.translateNamespace = (function t(e) {
                        return e.translateNamespace
                          ? e.translateNamespace
                          : e.$parent
                            ? t(e.$parent)
                            : void 0;
                      })(t)),
                        t.translateNamespace && "." === n.translateNamespace.charAt(0)
                          ? (t.translateNamespace += n.translateNamespace)
                          : (t.translateNamespace = n.translateNamespace);
                    }
                  };
                }
              };
            }
            function s() {
              "use strict";
              return {
                restrict: "A",
                scope: !0,
                compile: function() {
                  return function(t, e, n) {
                    n.$observe("translateLanguage", function(e) {
                      t.translateLanguage = e;
                    }),
                      t.$watch("translateLanguage", function() {
                        t.$broadcast("translateLanguageChanged");
                      });
                  };
                }
              };
            }
            function c(t, e) {
              "use strict";
              var n = function(n, r, i, o) {
                if (!angular.isObject(r)) {
                  var a = this || {
                    __SCOPE_IS_NOT_AVAILABLE:
                      "More info at https://github.com/angular/angular.js/commit/8863b9d04c722b278fa93c5d66ad1e578ad6eb1f"
                  };
                  r = t(r)(a);
                }
                return e.instant(n, r, i, o);
              };
              return e.statefulFilter() && (n.$stateful = !0), n;
            }
            function l(t) {
              "use strict";
              return t("translations");
            }
            return (
              (t.$inject = ["$translate"]),
              (e.$inject = [
                "$STORAGE_KEY",
                "$windowProvider",
                "$translateSanitizationProvider",
                "pascalprechtTranslateOverrider"
              ]),
              (n.$inject = ["$interpolate", "$translateSanitization"]),
              (r.$inject = ["$translate", "$interpolate", "$compile", "$parse", "$rootScope"]),
              (i.$inject = ["$translate", "$rootScope"]),
              (a.$inject = ["$translate", "$rootScope"]),
              (c.$inject = ["$parse", "$translate"]),
              (l.$inject = ["$cacheFactory"]),
              angular.module("pascalprecht.translate", ["ng"]).run(t),
              (t.displayName = "runTranslate"),
              angular
                .module("pascalprecht.translate")
                .provider("$translateSanitization", function() {
                  "use strict";
                  var t,
                    e,
                    n,
                    r = null,
                    i = !1,
                    o = !1;
                  ((n = {
                    sanitize: function(t, e) {
                      return "text" === e && (t = u(t)), t;
                    },
                    escape: function(t, e) {
                      return "text" === e && (t = a(t)), t;
                    },
                    sanitizeParameters: function(t, e) {
                      return "params" === e && (t = c(t, u)), t;
                    },
                    escapeParameters: function(t, e) {
                      return "params" === e && (t = c(t, a)), t;
                    },
                    sce: function(t, e, n) {
                      return (
                        "text" === e
                          ? (t = s(t))
                          : "params" === e && "filter" !== n && (t = c(t, a)),
                        t
                      );
                    },
                    sceParameters: function(t, e) {
                      return "params" === e && (t = c(t, s)), t;
                    }
                  }).escaped = n.escapeParameters),
                    (this.addStrategy = function(t, e) {
                      return (n[t] = e), this;
                    }),
                    (this.removeStrategy = function(t) {
                      return delete n[t], this;
                    }),
                    (this.useStrategy = function(t) {
                      return (i = !0), (r = t), this;
                    }),
                    (this.$get = [
                      "$injector",
                      "$log",
                      function(a, u) {
                        var s = {};
                        return (
                          a.has("$sanitize") && (t = a.get("$sanitize")),
                          a.has("$sce") && (e = a.get("$sce")),
                          {
                            useStrategy: (function(t) {
                              return function(e) {
                                t.useStrategy(e);
                              };
                            })(this),
                            sanitize: function(t, e, c, l) {
                              if (
                                (r ||
                                  i ||
                                  o ||
                                  (u.warn(
                                    "pascalprecht.translate.$translateSanitization: No sanitization strategy has been configured. This can have serious security implications. See http://angular-translate.github.io/docs/#/guide/19_security for details."
                                  ),
                                  (o = !0)),
                                c || null === c || (c = r),
                                !c)
                              )
                                return t;
                              l || (l = "service");
                              var f = angular.isArray(c) ? c : [c];
                              return (function(t, e, r, i) {
                                return (
                                  angular.forEach(i, function(i) {
                                    if (angular.isFunction(i)) t = i(t, e, r);
                                    else if (angular.isFunction(n[i])) t = n[i](t, e, r);
                                    else {
                                      if (!angular.isString(n[i]))
                                        throw new Error(
                                          "pascalprecht.translate.$translateSanitization: Unknown sanitization strategy: '" +
                                            i +
                                            "'"
                                        );
                                      if (!s[n[i]])
                                        try {
                                          s[n[i]] = a.get(n[i]);
                                        } catch (t) {
                                          throw ((s[n[i]] = function() {}),
                                          new Error(
                                            "pascalprecht.translate.$translateSanitization: Unknown sanitization strategy: '" +
                                              i +
                                              "'"
                                          ));
                                        }
                                      t = s[n[i]](t, e, r);
                                    }
                                  }),
                                  t
                                );
                              })(t, e, l, f);
                            }
                          }
                        );
                      }
                    ]);
                  var a = function(t) {
                      var e = angular.element("<div></div>");
                      return e.text(t), e.html();
                    },
                    u = function(e) {
                      if (!t)
                        throw new Error(
                          "pascalprecht.translate.$translateSanitization: Error cannot find $sanitize service. Either include the ngSanitize module (https://docs.angularjs.org/api/ngSanitize) or use a sanitization strategy which does not depend on $sanitize, such as 'escape'."
                        );
                      return t(e);
                    },
                    s = function(t) {
                      if (!e)
                        throw new Error(
                          "pascalprecht.translate.$translateSanitization: Error cannot find $sce service."
                        );
                      return e.trustAsHtml(t);
                    },
                    c = function(t, e, n) {
                      if (angular.isDate(t)) return t;
                      if (angular.isObject(t)) {
                        var r = angular.isArray(t) ? [] : {};
                        if (n) {
                          if (n.indexOf(t) > -1)
                            throw new Error(
                              "pascalprecht.translate.$translateSanitization: Error cannot interpolate parameter due recursive object"
                            );
                        } else n = [];
                        return (
                          n.push(t),
                          angular.forEach(t, function(t, i) {
                            angular.isFunction(t) || (r[i] = c(t, e, n));
                          }),
                          n.splice(-1, 1),
                          r
                        );
                      }
                      return angular.isNumber(t)
                        ? t
                        : !0 === t || !1 === t
                          ? t
                          : angular.isUndefined(t) || null === t
                            ? t
                            : e(t);
                    };
                }),
              angular
                .module("pascalprecht.translate")
                .constant("pascalprechtTranslateOverrider", {})
                .provider("$translate", e),
              (e.displayName = "displayName"),
              angular.module("pascalprecht.translate").factory("$translateDefaultInterpolation", n),
              (n.displayName = "$translateDefaultInterpolation"),
              angular
                .module("pascalprecht.translate")
                .constant("$STORAGE_KEY", "NG_TRANSLATE_LANG_KEY"),
              angular.module("pascalprecht.translate").directive("translate", r),
              (r.displayName = "translateDirective"),
              angular.module("pascalprecht.translate").directive("translateAttr", i),
              (i.displayName = "translateAttrDirective"),
              angular.module("pascalprecht.translate").directive("translateCloak", a),
              (a.displayName = "translateCloakDirective"),
              angular.module("pascalprecht.translate").directive("translateNamespace", u),
              (u.displayName = "translateNamespaceDirective"),
              angular.module("pascalprecht.translate").directive("translateLanguage", s),
              (s.displayName = "translateLanguageDirective"),
              angular.module("pascalprecht.translate").filter("translate", c),
              (c.displayName = "translateFilterFactory"),
              angular.module("pascalprecht.translate").factory("$translationCache", l),
              (l.displayName = "$translationCache"),
              "pascalprecht.translate"
            );
          })();
        }.apply(e, [])) || (t.exports = r);
    },
    38: function(t, e) {
      var n;
      n = (function() {
        return this;
      })();
      try {
        n = n || Function("return this")() || (0, eval)("this");
      } catch (t) {
        "object" == typeof window && (n = window);
      }
      t.exports = n;
    },
    39: function(t, e) {
      t.exports = function(t) {
        return (
          t.webpackPolyfill ||
            ((t.deprecate = function() {}),
            (t.paths = []),
            t.children || (t.children = []),
            Object.defineProperty(t, "loaded", {
              enumerable: !0,
              get: function() {
                return t.l;
              }
            }),
            Object.defineProperty(t, "id", {
              enumerable: !0,
              get: function() {
                return t.i;
              }
            }),
            (t.webpackPolyfill = 1)),
          t
        );
      };
    },
    6: function(t, e, n) {
      (function(t, r) {
        var i;
        /**
         * @license
         * Lodash <https://lodash.com/>
         * Copyright JS Foundation and other contributors <https://js.foundation/>
         * Released under MIT license <https://lodash.com/license>
         * Based on Underscore.js 1.8.3 <http://underscorejs.org/LICENSE>
         * Copyright Jeremy Ashkenas, DocumentCloud and Investigative Reporters & Editors
         */ (function() {
          var o,
            a = 200,
            u = "Unsupported core-js use. Try https://npms.io/search?q=ponyfill.",
            s = "Expected a function",
            c = "__lodash_hash_undefined__",
            l = 500,
            f = "__lodash_placeholder__",
            p = 1,
            h = 2,
            d = 4,
            v = 1,
            g = 2,
            m = 1,
            $ = 2,
            y = 4,
            b = 8,
            w = 16,
            x = 32,
            _ = 64,
            C = 128,
            S = 256,
            E = 512,
            k = 30,
            A = "...",
            T = 800,
            O = 16,
            j = 1,
            N = 2,
            M = 1 / 0,
            L = 9007199254740991,
            D = 1.7976931348623157e308,
            I = NaN,
            R = 4294967295,
            P = R - 1,
            V = R >>> 1,
            q = [
              ["ary", C],
              ["bind", m],
              ["bindKey", $],
              ["curry", b],
              ["curryRight", w],
              ["flip", E],
              ["partial", x],
              ["partialRight", _],
              ["rearg", S]
            ],
            U = "[object Arguments]",
            F = "[object Array]",
            H = "[object AsyncFunction]",
            B = "[object Boolean]",
            z = "[object Date]",
            W = "[object DOMException]",
            G = "[object Error]",
            K = "[object Function]",
            J = "[object GeneratorFunction]",
            Y = "[object Map]",
            Z = "[object Number]",
            X = "[object Null]",
            Q = "[object Object]",
            tt = "[object Proxy]",
            et = "[object RegExp]",
            nt = "[object Set]",
            rt = "[object String]",
            it = "[object Symbol]",
            ot = "[object Undefined]",
            at = "[object WeakMap]",
            ut = "[object WeakSet]",
            st = "[object ArrayBuffer]",
            ct = "[object DataView]",
            lt = "[object Float32Array]",
            ft = "[object Float64Array]",
            pt = "[object Int8Array]",
            ht = "[object Int16Array]",
            dt = "[object Int32Array]",
            vt = "[object Uint8Array]",
            gt = "[object Uint8ClampedArray]",
            mt = "[object Uint16Array]",
            $t = "[object Uint32Array]",
            yt = /\b__p \+= '';/g,
            bt = /\b(__p \+=) '' \+/g,
            wt = /(__e\(.*?\)|\b__t\)) \+\n'';/g,
            xt = /&(?:amp|lt|gt|quot|#39);/g,
            _t = /[&<>"']/g,
            Ct = RegExp(xt.source),
            St = RegExp(_t.source),
            Et = /<%-([\s\S]+?)%>/g,
            kt = /<%([\s\S]+?)%>/g,
            At = /<%=([\s\S]+?)%>/g,
            Tt = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/,
            Ot = /^\w*$/,
            jt = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g,
            Nt = /[\\^$.*+?()[\]{}|]/g,
            Mt = RegExp(Nt.source),
            Lt = /^\s+|\s+$/g,
            Dt = /^\s+/,
            It = /\s+$/,
            Rt = /\{(?:\n\/\* \[wrapped with .+\] \*\/)?\n?/,
            Pt = /\{\n\/\* \[wrapped with (.+)\] \*/,
            Vt = /,? & /,
            qt = /[^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/g,
            Ut = /\\(\\)?/g,
            Ft = /\$\{([^\\}]*(?:\\.[^\\}]*)*)\}/g,
            Ht = /\w*$/,
            Bt = /^[-+]0x[0-9a-f]+$/i,
            zt = /^0b[01]+$/i,
            Wt = /^\[object .+?Constructor\]$/,
            Gt = /^0o[0-7]+$/i,
            Kt = /^(?:0|[1-9]\d*)$/,
            Jt = /[\xc0-\xd6\xd8-\xf6\xf8-\xff\u0100-\u017f]/g,
            Yt = /($^)/,
            Zt = /['\n\r\u2028\u2029\\]/g,
            Xt = "\\u0300-\\u036f\\ufe20-\\ufe2f\\u20d0-\\u20ff",
            Qt =
              "\\xac\\xb1\\xd7\\xf7\\x00-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\xbf\\u2000-\\u206f \\t\\x0b\\f\\xa0\\ufeff\\n\\r\\u2028\\u2029\\u1680\\u180e\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008\\u2009\\u200a\\u202f\\u205f\\u3000",
            te = "[\\ud800-\\udfff]",
            ee = "[" + Qt + "]",
            ne = "[" + Xt + "]",
            re = "\\d+",
            ie = "[\\u2700-\\u27bf]",
            oe = "[a-z\\xdf-\\xf6\\xf8-\\xff]",
            ae =
              "[^\\ud800-\\udfff" +
              Qt +
              re +
              "\\u2700-\\u27bfa-z\\xdf-\\xf6\\xf8-\\xffA-Z\\xc0-\\xd6\\xd8-\\xde]",
            ue = "\\ud83c[\\udffb-\\udfff]",
            se = "[^\\ud800-\\udfff]",
            ce = "(?:\\ud83c[\\udde6-\\uddff]){2}",
            le = "[\\ud800-\\udbff][\\udc00-\\udfff]",
            fe = "[A-Z\\xc0-\\xd6\\xd8-\\xde]",
            pe = "(?:" + oe + "|" + ae + ")",
            he = "(?:" + fe + "|" + ae + ")",
            de = "(?:" + ne + "|" + ue + ")" + "?",
            ve =
              "[\\ufe0e\\ufe0f]?" +
              de +
              ("(?:\\u200d(?:" + [se, ce, le].join("|") + ")[\\ufe0e\\ufe0f]?" + de + ")*"),
            ge = "(?:" + [ie, ce, le].join("|") + ")" + ve,
            me = "(?:" + [se + ne + "?", ne, ce, le, te].join("|") + ")",
            $e = RegExp("['’]", "g"),
            ye = RegExp(ne, "g"),
            be = RegExp(ue + "(?=" + ue + ")|" + me + ve, "g"),
            we = RegExp(
              [
                fe + "?" + oe + "+(?:['’](?:d|ll|m|re|s|t|ve))?(?=" + [ee, fe, "$"].join("|") + ")",
                he + "+(?:['’](?:D|LL|M|RE|S|T|VE))?(?=" + [ee, fe + pe, "$"].join("|") + ")",
                fe + "?" + pe + "+(?:['’](?:d|ll|m|re|s|t|ve))?",
                fe + "+(?:['’](?:D|LL|M|RE|S|T|VE))?",
                "\\d*(?:1ST|2ND|3RD|(?![123])\\dTH)(?=\\b|[a-z_])",
                "\\d*(?:1st|2nd|3rd|(?![123])\\dth)(?=\\b|[A-Z_])",
                re,
                ge
              ].join("|"),
              "g"
            ),
            xe = RegExp("[\\u200d\\ud800-\\udfff" + Xt + "\\ufe0e\\ufe0f]"),
            _e = /[a-z][A-Z]|[A-Z]{2,}[a-z]|[0-9][a-zA-Z]|[a-zA-Z][0-9]|[^a-zA-Z0-9 ]/,
            Ce = [
              "Array",
              "Buffer",
              "DataView",
              "Date",
              "Error",
              "Float32Array",
              "Float64Array",
              "Function",
              "Int8Array",
              "Int16Array",
              "Int32Array",
              "Map",
              "Math",
              "Object",
              "Promise",
              "RegExp",
              "Set",
              "String",
              "Symbol",
              "TypeError",
              "Uint8Array",
              "Uint8ClampedArray",
              "Uint16Array",
              "Uint32Array",
              "WeakMap",
              "_",
              "clearTimeout",
              "isFinite",
              "parseInt",
              "setTimeout"
            ],
            Se = -1,
            Ee = {};
          (Ee[lt] = Ee[ft] = Ee[pt] = Ee[ht] = Ee[dt] = Ee[vt] = Ee[gt] = Ee[mt] = Ee[$t] = !0),
            (Ee[U] = Ee[F] = Ee[st] = Ee[B] = Ee[ct] = Ee[z] = Ee[G] = Ee[K] = Ee[Y] = Ee[Z] = Ee[
              Q
            ] = Ee[et] = Ee[nt] = Ee[rt] = Ee[at] = !1);
          var ke = {};
          (ke[U] = ke[F] = ke[st] = ke[ct] = ke[B] = ke[z] = ke[lt] = ke[ft] = ke[pt] = ke[ht] = ke[
            dt
          ] = ke[Y] = ke[Z] = ke[Q] = ke[et] = ke[nt] = ke[rt] = ke[it] = ke[vt] = ke[gt] = ke[
            mt
          ] = ke[$t] = !0),
            (ke[G] = ke[K] = ke[at] = !1);
          var Ae = {
              "\\": "\\",
              "'": "'",
              "\n": "n",
              "\r": "r",
              "\u2028": "u2028",
              "\u2029": "u2029"
            },
            Te = parseFloat,
            Oe = parseInt,
            je = "object" == typeof t && t && t.Object === Object && t,
            Ne = "object" == typeof self && self && self.Object === Object && self,
            Me = je || Ne || Function("return this")(),
            Le = "object" == typeof e && e && !e.nodeType && e,
            De = Le && "object" == typeof r && r && !r.nodeType && r,
            Ie = De && De.exports === Le,
            Re = Ie && je.process,
            Pe = (function() {
              try {
                var t = De && De.require && De.require("util").types;
                return t || (Re && Re.binding && Re.binding("util"));
              } catch (t) {}
            })(),
            Ve = Pe && Pe.isArrayBuffer,
            qe = Pe && Pe.isDate,
            Ue = Pe && Pe.isMap,
            Fe = Pe && Pe.isRegExp,
            He = Pe && Pe.isSet,
            Be = Pe && Pe.isTypedArray;
          function ze(t, e, n) {
            switch (n.length) {
              case 0:
                return t.call(e);
              case 1:
                return t.call(e, n[0]);
              case 2:
                return t.call(e, n[0], n[1]);
              case 3:
                return t.call(e, n[0], n[1], n[2]);
            }
            return t.apply(e, n);
          }
          function We(t, e, n, r) {
            for (var i = -1, o = null == t ? 0 : t.length; ++i < o; ) {
              var a = t[i];
              e(r, a, n(a), t);
            }
            return r;
          }
          function Ge(t, e) {
            for (var n = -1, r = null == t ? 0 : t.length; ++n < r && !1 !== e(t[n], n, t); );
            return t;
          }
          function Ke(t, e) {
            for (var n = null == t ? 0 : t.length; n-- && !1 !== e(t[n], n, t); );
            return t;
          }
          function Je(t, e) {
            for (var n = -1, r = null == t ? 0 : t.length; ++n < r; ) if (!e(t[n], n, t)) return !1;
            return !0;
          }
          function Ye(t, e) {
            for (var n = -1, r = null == t ? 0 : t.length, i = 0, o = []; ++n < r; ) {
              var a = t[n];
              e(a, n, t) && (o[i++] = a);
            }
            return o;
          }
          function Ze(t, e) {
            return !!(null == t ? 0 : t.length) && sn(t, e, 0) > -1;
          }
          function Xe(t, e, n) {
            for (var r = -1, i = null == t ? 0 : t.length; ++r < i; ) if (n(e, t[r])) return !0;
            return !1;
          }
          function Qe(t, e) {
            for (var n = -1, r = null == t ? 0 : t.length, i = Array(r); ++n < r; )
              i[n] = e(t[n], n, t);
            return i;
          }
          function tn(t, e) {
            for (var n = -1, r = e.length, i = t.length; ++n < r; ) t[i + n] = e[n];
            return t;
          }
          function en(t, e, n, r) {
            var i = -1,
              o = null == t ? 0 : t.length;
            for (r && o && (n = t[++i]); ++i < o; ) n = e(n, t[i], i, t);
            return n;
          }
          function nn(t, e, n, r) {
            var i = null == t ? 0 : t.length;
            for (r && i && (n = t[--i]); i--; ) n = e(n, t[i], i, t);
            return n;
          }
          function rn(t, e) {
            for (var n = -1, r = null == t ? 0 : t.length; ++n < r; ) if (e(t[n], n, t)) return !0;
            return !1;
          }
          var on = pn("length");
          function an(t, e, n) {
            var r;
            return (
              n(t, function(t, n, i) {
                if (e(t, n, i)) return (r = n), !1;
              }),
              r
            );
          }
          function un(t, e, n, r) {
            for (var i = t.length, o = n + (r ? 1 : -1); r ? o-- : ++o < i; )
              if (e(t[o], o, t)) return o;
            return -1;
          }
          function sn(t, e, n) {
            return e == e
              ? (function(t, e, n) {
                  var r = n - 1,
                    i = t.length;
                  for (; ++r < i; ) if (t[r] === e) return r;
                  return -1;
                })(t, e, n)
              : un(t, ln, n);
          }
          function cn(t, e, n, r) {
            for (var i = n - 1, o = t.length; ++i < o; ) if (r(t[i], e)) return i;
            return -1;
          }
          function ln(t) {
            return t != t;
          }
          function fn(t, e) {
            var n = null == t ? 0 : t.length;
            return n ? vn(t, e) / n : I;
          }
          function pn(t) {
            return function(e) {
              return null == e ? o : e[t];
            };
          }
          function hn(t) {
            return function(e) {
              return null == t ? o : t[e];
            };
          }
          function dn(t, e, n, r, i) {
            return (
              i(t, function(t, i, o) {
                n = r ? ((r = !1), t) : e(n, t, i, o);
              }),
              n
            );
          }
          function vn(t, e) {
            for (var n, r = -1, i = t.length; ++r < i; ) {
              var a = e(t[r]);
              a !== o && (n = n === o ? a : n + a);
            }
            return n;
          }
          function gn(t, e) {
            for (var n = -1, r = Array(t); ++n < t; ) r[n] = e(n);
            return r;
          }
          function mn(t) {
            return function(e) {
              return t(e);
            };
          }
          function $n(t, e) {
            return Qe(e, function(e) {
              return t[e];
            });
          }
          function yn(t, e) {
            return t.has(e);
          }
          function bn(t, e) {
            for (var n = -1, r = t.length; ++n < r && sn(e, t[n], 0) > -1; );
            return n;
          }
          function wn(t, e) {
            for (var n = t.length; n-- && sn(e, t[n], 0) > -1; );
            return n;
          }
          var xn = hn({
              À: "A",
              Á: "A",
              Â: "A",
              Ã: "A",
              Ä: "A",
              Å: "A",
              à: "a",
              á: "a",
              â: "a",
              ã: "a",
              ä: "a",
              å: "a",
              Ç: "C",
              ç: "c",
              Ð: "D",
              ð: "d",
              È: "E",
              É: "E",
              Ê: "E",
              Ë: "E",
              è: "e",
              é: "e",
              ê: "e",
              ë: "e",
              Ì: "I",
              Í: "I",
              Î: "I",
              Ï: "I",
              ì: "i",
              í: "i",
              î: "i",
              ï: "i",
              Ñ: "N",
              ñ: "n",
              Ò: "O",
              Ó: "O",
              Ô: "O",
              Õ: "O",
              Ö: "O",
              Ø: "O",
              ò: "o",
              ó: "o",
              ô: "o",
              õ: "o",
              ö: "o",
              ø: "o",
              Ù: "U",
              Ú: "U",
              Û: "U",
              Ü: "U",
              ù: "u",
              ú: "u",
              û: "u",
              ü: "u",
              Ý: "Y",
              ý: "y",
              ÿ: "y",
              Æ: "Ae",
              æ: "ae",
              Þ: "Th",
              þ: "th",
              ß: "ss",
              Ā: "A",
              Ă: "A",
              Ą: "A",
              ā: "a",
              ă: "a",
              ą: "a",
              Ć: "C",
              Ĉ: "C",
              Ċ: "C",
              Č: "C",
              ć: "c",
              ĉ: "c",
              ċ: "c",
              č: "c",
              Ď: "D",
              Đ: "D",
              ď: "d",
              đ: "d",
              Ē: "E",
              Ĕ: "E",
              Ė: "E",
              Ę: "E",
              Ě: "E",
              ē: "e",
              ĕ: "e",
              ė: "e",
              ę: "e",
              ě: "e",
              Ĝ: "G",
              Ğ: "G",
              Ġ: "G",
              Ģ: "G",
              ĝ: "g",
              ğ: "g",
              ġ: "g",
              ģ: "g",
              Ĥ: "H",
              Ħ: "H",
              ĥ: "h",
              ħ: "h",
              Ĩ: "I",
              Ī: "I",
              Ĭ: "I",
              Į: "I",
              İ: "I",
              ĩ: "i",
              ī: "i",
              ĭ: "i",
              į: "i",
              ı: "i",
              Ĵ: "J",
              ĵ: "j",
              Ķ: "K",
              ķ: "k",
              ĸ: "k",
              Ĺ: "L",
              Ļ: "L",
              Ľ: "L",
              Ŀ: "L",
              Ł: "L",
              ĺ: "l",
              ļ: "l",
              ľ: "l",
              ŀ: "l",
              ł: "l",
              Ń: "N",
              Ņ: "N",
              Ň: "N",
              Ŋ: "N",
              ń: "n",
              ņ: "n",
              ň: "n",
              ŋ: "n",
              Ō: "O",
              Ŏ: "O",
              Ő: "O",
              ō: "o",
              ŏ: "o",
              ő: "o",
              Ŕ: "R",
              Ŗ: "R",
              Ř: "R",
              ŕ: "r",
              ŗ: "r",
              ř: "r",
              Ś: "S",
              Ŝ: "S",
              Ş: "S",
              Š: "S",
              ś: "s",
              ŝ: "s",
              ş: "s",
              š: "s",
              Ţ: "T",
              Ť: "T",
              Ŧ: "T",
              ţ: "t",
              ť: "t",
              ŧ: "t",
              Ũ: "U",
              Ū: "U",
              Ŭ: "U",
              Ů: "U",
              Ű: "U",
              Ų: "U",
              ũ: "u",
              ū: "u",
              ŭ: "u",
              ů: "u",
              ű: "u",
              ų: "u",
              Ŵ: "W",
              ŵ: "w",
              Ŷ: "Y",
              ŷ: "y",
              Ÿ: "Y",
              Ź: "Z",
              Ż: "Z",
              Ž: "Z",
              ź: "z",
              ż: "z",
              ž: "z",
              Ĳ: "IJ",
              ĳ: "ij",
              Œ: "Oe",
              œ: "oe",
              ŉ: "'n",
              ſ: "s"
            }),
            _n = hn({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" });
          function Cn(t) {
            return "\\" + Ae[t];
          }
          function Sn(t) {
            return xe.test(t);
          }
          function En(t) {
            var e = -1,
              n = Array(t.size);
            return (
              t.forEach(function(t, r) {
                n[++e] = [r, t];
              }),
              n
            );
          }
          function kn(t, e) {
            return function(n) {
              return t(e(n));
            };
          }
          function An(t, e) {
            for (var n = -1, r = t.length, i = 0, o = []; ++n < r; ) {
              var a = t[n];
              (a !== e && a !== f) || ((t[n] = f), (o[i++] = n));
            }
            return o;
          }
          function Tn(t, e) {
            return "__proto__" == e ? o : t[e];
          }
          function On(t) {
            var e = -1,
              n = Array(t.size);
            return (
              t.forEach(function(t) {
                n[++e] = t;
              }),
              n
            );
          }
          function jn(t) {
            var e = -1,
              n = Array(t.size);
            return (
              t.forEach(function(t) {
                n[++e] = [t, t];
              }),
              n
            );
          }
          function Nn(t) {
            return Sn(t)
              ? (function(t) {
                  var e = (be.lastIndex = 0);
                  for (; be.test(t); ) ++e;
                  return e;
                })(t)
              : on(t);
          }
          function Mn(t) {
            return Sn(t)
              ? (function(t) {
                  return t.match(be) || [];
                })(t)
              : (function(t) {
                  return t.split("");
                })(t);
          }
          var Ln = hn({ "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" });
          var Dn = (function t(e) {
            var n = (e = null == e ? Me : Dn.defaults(Me.Object(), e, Dn.pick(Me, Ce))).Array,
              r = e.Date,
              i = e.Error,
              Xt = e.Function,
              Qt = e.Math,
              te = e.Object,
              ee = e.RegExp,
              ne = e.String,
              re = e.TypeError,
              ie = n.prototype,
              oe = Xt.prototype,
              ae = te.prototype,
              ue = e["__core-js_shared__"],
              se = oe.toString,
              ce = ae.hasOwnProperty,
              le = 0,
              fe = (function() {
                var t = /[^.]+$/.exec((ue && ue.keys && ue.keys.IE_PROTO) || "");
                return t ? "Symbol(src)_1." + t : "";
              })(),
              pe = ae.toString,
              he = se.call(te),
              de = Me._,
              ve = ee(
                "^" +
                  se
                    .call(ce)
                    .replace(Nt, "\\$&")
                    .replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") +
                  "$"
              ),
              ge = Ie ? e.Buffer : o,
              me = e.Symbol,
              be = e.Uint8Array,
              xe = ge ? ge.allocUnsafe : o,
              Ae = kn(te.getPrototypeOf, te),
              je = te.create,
              Ne = ae.propertyIsEnumerable,
              Le = ie.splice,
              De = me ? me.isConcatSpreadable : o,
              Re = me ? me.iterator : o,
              Pe = me ? me.toStringTag : o,
              on = (function() {
                try {
                  var t = Vo(te, "defineProperty");
                  return t({}, "", {}), t;
                } catch (t) {}
              })(),
              hn = e.clearTimeout !== Me.clearTimeout && e.clearTimeout,
              In = r && r.now !== Me.Date.now && r.now,
              Rn = e.setTimeout !== Me.setTimeout && e.setTimeout,
              Pn = Qt.ceil,
              Vn = Qt.floor,
              qn = te.getOwnPropertySymbols,
              Un = ge ? ge.isBuffer : o,
              Fn = e.isFinite,
              Hn = ie.join,
              Bn = kn(te.keys, te),
              zn = Qt.max,
              Wn = Qt.min,
              Gn = r.now,
              Kn = e.parseInt,
              Jn = Qt.random,
              Yn = ie.reverse,
              Zn = Vo(e, "DataView"),
              Xn = Vo(e, "Map"),
              Qn = Vo(e, "Promise"),
              tr = Vo(e, "Set"),
              er = Vo(e, "WeakMap"),
              nr = Vo(te, "create"),
              rr = er && new er(),
              ir = {},
              or = la(Zn),
              ar = la(Xn),
              ur = la(Qn),
              sr = la(tr),
              cr = la(er),
              lr = me ? me.prototype : o,
              fr = lr ? lr.valueOf : o,
              pr = lr ? lr.toString : o;
            function hr(t) {
              if (ku(t) && !gu(t) && !(t instanceof mr)) {
                if (t instanceof gr) return t;
                if (ce.call(t, "__wrapped__")) return fa(t);
              }
              return new gr(t);
            }
            var dr = (function() {
              function t() {}
              return function(e) {
                if (!Eu(e)) return {};
                if (je) return je(e);
                t.prototype = e;
                var n = new t();
                return (t.prototype = o), n;
              };
            })();
            function vr() {}
            function gr(t, e) {
              (this.__wrapped__ = t),
                (this.__actions__ = []),
                (this.__chain__ = !!e),
                (this.__index__ = 0),
                (this.__values__ = o);
            }
            function mr(t) {
              (this.__wrapped__ = t),
                (this.__actions__ = []),
                (this.__dir__ = 1),
                (this.__filtered__ = !1),
                (this.__iteratees__ = []),
                (this.__takeCount__ = R),
                (this.__views__ = []);
            }
            function $r(t) {
              var e = -1,
                n = null == t ? 0 : t.length;
              for (this.clear(); ++e < n; ) {
                var r = t[e];
                this.set(r[0], r[1]);
              }
            }
            function yr(t) {
              var e = -1,
                n = null == t ? 0 : t.length;
              for (this.clear(); ++e < n; ) {
                var r = t[e];
                this.set(r[0], r[1]);
              }
            }
            function br(t) {
              var e = -1,
                n = null == t ? 0 : t.length;
              for (this.clear(); ++e < n; ) {
                var r = t[e];
                this.set(r[0], r[1]);
              }
            }
            function wr(t) {
              var e = -1,
                n = null == t ? 0 : t.length;
              for (this.__data__ = new br(); ++e < n; ) this.add(t[e]);
            }
            function xr(t) {
              var e = (this.__data__ = new yr(t));
              this.size = e.size;
            }
            function _r(t, e) {
              var n = gu(t),
                r = !n && vu(t),
                i = !n && !r && bu(t),
                o = !n && !r && !i && Du(t),
                a = n || r || i || o,
                u = a ? gn(t.length, ne) : [],
                s = u.length;
              for (var c in t)
                (!e && !ce.call(t, c)) ||
                  (a &&
                    ("length" == c ||
                      (i && ("offset" == c || "parent" == c)) ||
                      (o && ("buffer" == c || "byteLength" == c || "byteOffset" == c)) ||
                      Wo(c, s))) ||
                  u.push(c);
              return u;
            }
            function Cr(t) {
              var e = t.length;
              return e ? t[wi(0, e - 1)] : o;
            }
            function Sr(t, e) {
              return ua(no(t), Lr(e, 0, t.length));
            }
            function Er(t) {
              return ua(no(t));
            }
            function kr(t, e, n) {
              ((n === o || pu(t[e], n)) && (n !== o || e in t)) || Nr(t, e, n);
            }
            function Ar(t, e, n) {
              var r = t[e];
              (ce.call(t, e) && pu(r, n) && (n !== o || e in t)) || Nr(t, e, n);
            }
            function Tr(t, e) {
              for (var n = t.length; n--; ) if (pu(t[n][0], e)) return n;
              return -1;
            }
            function Or(t, e, n, r) {
              return (
                Vr(t, function(t, i, o) {
                  e(r, t, n(t), o);
                }),
                r
              );
            }
            function jr(t, e) {
              return t && ro(e, rs(e), t);
            }
            function Nr(t, e, n) {
              "__proto__" == e && on
                ? on(t, e, { configurable: !0, enumerable: !0, value: n, writable: !0 })
                : (t[e] = n);
            }
            function Mr(t, e) {
              for (var r = -1, i = e.length, a = n(i), u = null == t; ++r < i; )
                a[r] = u ? o : Xu(t, e[r]);
              return a;
            }
            function Lr(t, e, n) {
              return (
                t == t && (n !== o && (t = t <= n ? t : n), e !== o && (t = t >= e ? t : e)), t
              );
            }
            function Dr(t, e, n, r, i, a) {
              var u,
                s = e & p,
                c = e & h,
                l = e & d;
              if ((n && (u = i ? n(t, r, i, a) : n(t)), u !== o)) return u;
              if (!Eu(t)) return t;
              var f = gu(t);
              if (f) {
                if (
                  ((u = (function(t) {
                    var e = t.length,
                      n = new t.constructor(e);
                    return (
                      e &&
                        "string" == typeof t[0] &&
                        ce.call(t, "index") &&
                        ((n.index = t.index), (n.input = t.input)),
                      n
                    );
                  })(t)),
                  !s)
                )
                  return no(t, u);
              } else {
                var v = Fo(t),
                  g = v == K || v == J;
                if (bu(t)) return Yi(t, s);
                if (v == Q || v == U || (g && !i)) {
                  if (((u = c || g ? {} : Bo(t)), !s))
                    return c
                      ? (function(t, e) {
                          return ro(t, Uo(t), e);
                        })(
                          t,
                          (function(t, e) {
                            return t && ro(e, is(e), t);
                          })(u, t)
                        )
                      : (function(t, e) {
                          return ro(t, qo(t), e);
                        })(t, jr(u, t));
                } else {
                  if (!ke[v]) return i ? t : {};
                  u = (function(t, e, n) {
                    var r = t.constructor;
                    switch (e) {
                      case st:
                        return Zi(t);
                      case B:
                      case z:
                        return new r(+t);
                      case ct:
                        return (function(t, e) {
                          var n = e ? Zi(t.buffer) : t.buffer;
                          return new t.constructor(n, t.byteOffset, t.byteLength);
                        })(t, n);
                      case lt:
                      case ft:
                      case pt:
                      case ht:
                      case dt:
                      case vt:
                      case gt:
                      case mt:
                      case $t:
                        return Xi(t, n);
                      case Y:
                        return new r();
                      case Z:
                      case rt:
                        return new r(t);
                      case et:
                        return (function(t) {
                          var e = new t.constructor(t.source, Ht.exec(t));
                          return (e.lastIndex = t.lastIndex), e;
                        })(t);
                      case nt:
                        return new r();
                      case it:
                        return (function(t) {
                          return fr ? te(fr.call(t)) : {};
                        })(t);
                    }
                  })(t, v, s);
                }
              }
              a || (a = new xr());
              var m = a.get(t);
              if (m) return m;
              if ((a.set(t, u), Nu(t)))
                return (
                  t.forEach(function(r) {
                    u.add(Dr(r, e, n, r, t, a));
                  }),
                  u
                );
              if (Au(t))
                return (
                  t.forEach(function(r, i) {
                    u.set(i, Dr(r, e, n, i, t, a));
                  }),
                  u
                );
              var $ = f ? o : (l ? (c ? No : jo) : c ? is : rs)(t);
              return (
                Ge($ || t, function(r, i) {
                  $ && (r = t[(i = r)]), Ar(u, i, Dr(r, e, n, i, t, a));
                }),
                u
              );
            }
            function Ir(t, e, n) {
              var r = n.length;
              if (null == t) return !r;
              for (t = te(t); r--; ) {
                var i = n[r],
                  a = e[i],
                  u = t[i];
                if ((u === o && !(i in t)) || !a(u)) return !1;
              }
              return !0;
            }
            function Rr(t, e, n) {
              if ("function" != typeof t) throw new re(s);
              return ra(function() {
                t.apply(o, n);
              }, e);
            }
            function Pr(t, e, n, r) {
              var i = -1,
                o = Ze,
                u = !0,
                s = t.length,
                c = [],
                l = e.length;
              if (!s) return c;
              n && (e = Qe(e, mn(n))),
                r ? ((o = Xe), (u = !1)) : e.length >= a && ((o = yn), (u = !1), (e = new wr(e)));
              t: for (; ++i < s; ) {
                var f = t[i],
                  p = null == n ? f : n(f);
                if (((f = r || 0 !== f ? f : 0), u && p == p)) {
                  for (var h = l; h--; ) if (e[h] === p) continue t;
                  c.push(f);
                } else o(e, p, r) || c.push(f);
              }
              return c;
            }
            (hr.templateSettings = {
              escape: Et,
              evaluate: kt,
              interpolate: At,
              variable: "",
              imports: { _: hr }
            }),
              (hr.prototype = vr.prototype),
              (hr.prototype.constructor = hr),
              (gr.prototype = dr(vr.prototype)),
              (gr.prototype.constructor = gr),
              (mr.prototype = dr(vr.prototype)),
              (mr.prototype.constructor = mr),
              ($r.prototype.clear = function() {
                (this.__data__ = nr ? nr(null) : {}), (this.size = 0);
              }),
              ($r.prototype.delete = function(t) {
                var e = this.has(t) && delete this.__data__[t];
                return (this.size -= e ? 1 : 0), e;
              }),
              ($r.prototype.get = function(t) {
                var e = this.__data__;
                if (nr) {
                  var n = e[t];
                  return n === c ? o : n;
                }
                return ce.call(e, t) ? e[t] : o;
              }),
              ($r.prototype.has = function(t) {
                var e = this.__data__;
                return nr ? e[t] !== o : ce.call(e, t);
              }),
              ($r.prototype.set = function(t, e) {
                var n = this.__data__;
                return (this.size += this.has(t) ? 0 : 1), (n[t] = nr && e === o ? c : e), this;
              }),
              (yr.prototype.clear = function() {
                (this.__data__ = []), (this.size = 0);
              }),
              (yr.prototype.delete = function(t) {
                var e = this.__data__,
                  n = Tr(e, t);
                return !(n < 0 || (n == e.length - 1 ? e.pop() : Le.call(e, n, 1), --this.size, 0));
              }),
              (yr.prototype.get = function(t) {
                var e = this.__data__,
                  n = Tr(e, t);
                return n < 0 ? o : e[n][1];
              }),
              (yr.prototype.has = function(t) {
                return Tr(this.__data__, t) > -1;
              }),
              (yr.prototype.set = function(t, e) {
                var n = this.__data__,
                  r = Tr(n, t);
                return r < 0 ? (++this.size, n.push([t, e])) : (n[r][1] = e), this;
              }),
              (br.prototype.clear = function() {
                (this.size = 0),
                  (this.__data__ = { hash: new $r(), map: new (Xn || yr)(), string: new $r() });
              }),
              (br.prototype.delete = function(t) {
                var e = Ro(this, t).delete(t);
                return (this.size -= e ? 1 : 0), e;
              }),
              (br.prototype.get = function(t) {
                return Ro(this, t).get(t);
              }),
              (br.prototype.has = function(t) {
                return Ro(this, t).has(t);
              }),
              (br.prototype.set = function(t, e) {
                var n = Ro(this, t),
                  r = n.size;
                return n.set(t, e), (this.size += n.size == r ? 0 : 1), this;
              }),
              (wr.prototype.add = wr.prototype.push = function(t) {
                return this.__data__.set(t, c), this;
              }),
              (wr.prototype.has = function(t) {
                return this.__data__.has(t);
              }),
              (xr.prototype.clear = function() {
                (this.__data__ = new yr()), (this.size = 0);
              }),
              (xr.prototype.delete = function(t) {
                var e = this.__data__,
                  n = e.delete(t);
                return (this.size = e.size), n;
              }),
              (xr.prototype.get = function(t) {
                return this.__data__.get(t);
              }),
              (xr.prototype.has = function(t) {
                return this.__data__.has(t);
              }),
              (xr.prototype.set = function(t, e) {
                var n = this.__data__;
                if (n instanceof yr) {
                  var r = n.__data__;
                  if (!Xn || r.length < a - 1) return r.push([t, e]), (this.size = ++n.size), this;
                  n = this.__data__ = new br(r);
                }
                return n.set(t, e), (this.size = n.size), this;
              });
            var Vr = ao(Gr),
              qr = ao(Kr, !0);
            function Ur(t, e) {
              var n = !0;
              return (
                Vr(t, function(t, r, i) {
                  return (n = !!e(t, r, i));
                }),
                n
              );
            }
            function Fr(t, e, n) {
              for (var r = -1, i = t.length; ++r < i; ) {
                var a = t[r],
                  u = e(a);
                if (null != u && (s === o ? u == u && !Lu(u) : n(u, s)))
                  var s = u,
                    c = a;
              }
              return c;
            }
            function Hr(t, e) {
              var n = [];
              return (
                Vr(t, function(t, r, i) {
                  e(t, r, i) && n.push(t);
                }),
                n
              );
            }
            function Br(t, e, n, r, i) {
              var o = -1,
                a = t.length;
              for (n || (n = zo), i || (i = []); ++o < a; ) {
                var u = t[o];
                e > 0 && n(u) ? (e > 1 ? Br(u, e - 1, n, r, i) : tn(i, u)) : r || (i[i.length] = u);
              }
              return i;
            }
            var zr = uo(),
              Wr = uo(!0);
            function Gr(t, e) {
              return t && zr(t, e, rs);
            }
            function Kr(t, e) {
              return t && Wr(t, e, rs);
            }
            function Jr(t, e) {
              return Ye(e, function(e) {
                return _u(t[e]);
              });
            }
            function Yr(t, e) {
              for (var n = 0, r = (e = Wi(e, t)).length; null != t && n < r; ) t = t[ca(e[n++])];
              return n && n == r ? t : o;
            }
            function Zr(t, e, n) {
              var r = e(t);
              return gu(t) ? r : tn(r, n(t));
            }
            function Xr(t) {
              return null == t
                ? t === o
                  ? ot
                  : X
                : Pe && Pe in te(t)
                  ? (function(t) {
                      var e = ce.call(t, Pe),
                        n = t[Pe];
                      try {
                        t[Pe] = o;
                        var r = !0;
                      } catch (t) {}
                      var i = pe.call(t);
                      return r && (e ? (t[Pe] = n) : delete t[Pe]), i;
                    })(t)
                  : (function(t) {
                      return pe.call(t);
                    })(t);
            }
            function Qr(t, e) {
              return t > e;
            }
            function ti(t, e) {
              return null != t && ce.call(t, e);
            }
            function ei(t, e) {
              return null != t && e in te(t);
            }
            function ni(t, e, r) {
              for (
                var i = r ? Xe : Ze,
                  a = t[0].length,
                  u = t.length,
                  s = u,
                  c = n(u),
                  l = 1 / 0,
                  f = [];
                s--;

              ) {
                var p = t[s];
                s && e && (p = Qe(p, mn(e))),
                  (l = Wn(p.length, l)),
                  (c[s] = !r && (e || (a >= 120 && p.length >= 120)) ? new wr(s && p) : o);
              }
              p = t[0];
              var h = -1,
                d = c[0];
              t: for (; ++h < a && f.length < l; ) {
                var v = p[h],
                  g = e ? e(v) : v;
                if (((v = r || 0 !== v ? v : 0), !(d ? yn(d, g) : i(f, g, r)))) {
                  for (s = u; --s; ) {
                    var m = c[s];
                    if (!(m ? yn(m, g) : i(t[s], g, r))) continue t;
                  }
                  d && d.push(g), f.push(v);
                }
              }
              return f;
            }
            function ri(t, e, n) {
              var r = null == (t = ea(t, (e = Wi(e, t)))) ? t : t[ca(xa(e))];
              return null == r ? o : ze(r, t, n);
            }
            function ii(t) {
              return ku(t) && Xr(t) == U;
            }
            function oi(t, e, n, r, i) {
              return (
                t === e ||
                (null == t || null == e || (!ku(t) && !ku(e))
                  ? t != t && e != e
                  : (function(t, e, n, r, i, a) {
                      var u = gu(t),
                        s = gu(e),
                        c = u ? F : Fo(t),
                        l = s ? F : Fo(e),
                        f = (c = c == U ? Q : c) == Q,
                        p = (l = l == U ? Q : l) == Q,
                        h = c == l;
                      if (h && bu(t)) {
                        if (!bu(e)) return !1;
                        (u = !0), (f = !1);
                      }
                      if (h && !f)
                        return (
                          a || (a = new xr()),
                          u || Du(t)
                            ? To(t, e, n, r, i, a)
                            : (function(t, e, n, r, i, o, a) {
                                switch (n) {
                                  case ct:
                                    if (
                                      t.byteLength != e.byteLength ||
                                      t.byteOffset != e.byteOffset
                                    )
                                      return !1;
                                    (t = t.buffer), (e = e.buffer);
                                  case st:
                                    return !(
                                      t.byteLength != e.byteLength || !o(new be(t), new be(e))
                                    );
                                  case B:
                                  case z:
                                  case Z:
                                    return pu(+t, +e);
                                  case G:
                                    return t.name == e.name && t.message == e.message;
                                  case et:
                                  case rt:
                                    return t == e + "";
                                  case Y:
                                    var u = En;
                                  case nt:
                                    var s = r & v;
                                    if ((u || (u = On), t.size != e.size && !s)) return !1;
                                    var c = a.get(t);
                                    if (c) return c == e;
                                    (r |= g), a.set(t, e);
                                    var l = To(u(t), u(e), r, i, o, a);
                                    return a.delete(t), l;
                                  case it:
                                    if (fr) return fr.call(t) == fr.call(e);
                                }
                                return !1;
                              })(t, e, c, n, r, i, a)
                        );
                      if (!(n & v)) {
                        var d = f && ce.call(t, "__wrapped__"),
                          m = p && ce.call(e, "__wrapped__");
                        if (d || m) {
                          var $ = d ? t.value() : t,
                            y = m ? e.value() : e;
                          return a || (a = new xr()), i($, y, n, r, a);
                        }
                      }
                      return (
                        !!h &&
                        (a || (a = new xr()),
                        (function(t, e, n, r, i, a) {
                          var u = n & v,
                            s = jo(t),
                            c = s.length,
                            l = jo(e).length;
                          if (c != l && !u) return !1;
                          for (var f = c; f--; ) {
                            var p = s[f];
                            if (!(u ? p in e : ce.call(e, p))) return !1;
                          }
                          var h = a.get(t);
                          if (h && a.get(e)) return h == e;
                          var d = !0;
                          a.set(t, e), a.set(e, t);
                          for (var g = u; ++f < c; ) {
                            p = s[f];
                            var m = t[p],
                              $ = e[p];
                            if (r) var y = u ? r($, m, p, e, t, a) : r(m, $, p, t, e, a);
                            if (!(y === o ? m === $ || i(m, $, n, r, a) : y)) {
                              d = !1;
                              break;
                            }
                            g || (g = "constructor" == p);
                          }
                          if (d && !g) {
                            var b = t.constructor,
                              w = e.constructor;
                            b != w &&
                              "constructor" in t &&
                              "constructor" in e &&
                              !(
                                "function" == typeof b &&
                                b instanceof b &&
                                "function" == typeof w &&
                                w instanceof w
                              ) &&
                              (d = !1);
                          }
                          return a.delete(t), a.delete(e), d;
                        })(t, e, n, r, i, a))
                      );
                    })(t, e, n, r, oi, i))
              );
            }
            function ai(t, e, n, r) {
              var i = n.length,
                a = i,
                u = !r;
              if (null == t) return !a;
              for (t = te(t); i--; ) {
                var s = n[i];
                if (u && s[2] ? s[1] !== t[s[0]] : !(s[0] in t)) return !1;
              }
              for (; ++i < a; ) {
                var c = (s = n[i])[0],
                  l = t[c],
                  f = s[1];
                if (u && s[2]) {
                  if (l === o && !(c in t)) return !1;
                } else {
                  var p = new xr();
                  if (r) var h = r(l, f, c, t, e, p);
                  if (!(h === o ? oi(f, l, v | g, r, p) : h)) return !1;
                }
              }
              return !0;
            }
            function ui(t) {
              return (
                !(
                  !Eu(t) ||
                  (function(t) {
                    return !!fe && fe in t;
                  })(t)
                ) && (_u(t) ? ve : Wt).test(la(t))
              );
            }
            function si(t) {
              return "function" == typeof t
                ? t
                : null == t
                  ? Ts
                  : "object" == typeof t
                    ? gu(t)
                      ? di(t[0], t[1])
                      : hi(t)
                    : Ps(t);
            }
            function ci(t) {
              if (!Zo(t)) return Bn(t);
              var e = [];
              for (var n in te(t)) ce.call(t, n) && "constructor" != n && e.push(n);
              return e;
            }
            function li(t) {
              if (!Eu(t))
                return (function(t) {
                  var e = [];
                  if (null != t) for (var n in te(t)) e.push(n);
                  return e;
                })(t);
              var e = Zo(t),
                n = [];
              for (var r in t) ("constructor" != r || (!e && ce.call(t, r))) && n.push(r);
              return n;
            }
            function fi(t, e) {
              return t < e;
            }
            function pi(t, e) {
              var r = -1,
                i = $u(t) ? n(t.length) : [];
              return (
                Vr(t, function(t, n, o) {
                  i[++r] = e(t, n, o);
                }),
                i
              );
            }
            function hi(t) {
              var e = Po(t);
              return 1 == e.length && e[0][2]
                ? Qo(e[0][0], e[0][1])
                : function(n) {
                    return n === t || ai(n, t, e);
                  };
            }
            function di(t, e) {
              return Ko(t) && Xo(e)
                ? Qo(ca(t), e)
                : function(n) {
                    var r = Xu(n, t);
                    return r === o && r === e ? Qu(n, t) : oi(e, r, v | g);
                  };
            }
            function vi(t, e, n, r, i) {
              t !== e &&
                zr(
                  e,
                  function(a, u) {
                    if (Eu(a))
                      i || (i = new xr()),
                        (function(t, e, n, r, i, a, u) {
                          var s = Tn(t, n),
                            c = Tn(e, n),
                            l = u.get(c);
                          if (l) kr(t, n, l);
                          else {
                            var f = a ? a(s, c, n + "", t, e, u) : o,
                              p = f === o;
                            if (p) {
                              var h = gu(c),
                                d = !h && bu(c),
                                v = !h && !d && Du(c);
                              (f = c),
                                h || d || v
                                  ? gu(s)
                                    ? (f = s)
                                    : yu(s)
                                      ? (f = no(s))
                                      : d
                                        ? ((p = !1), (f = Yi(c, !0)))
                                        : v
                                          ? ((p = !1), (f = Xi(c, !0)))
                                          : (f = [])
                                  : Ou(c) || vu(c)
                                    ? ((f = s),
                                      vu(s) ? (f = Hu(s)) : (!Eu(s) || (r && _u(s))) && (f = Bo(c)))
                                    : (p = !1);
                            }
                            p && (u.set(c, f), i(f, c, r, a, u), u.delete(c)), kr(t, n, f);
                          }
                        })(t, e, u, n, vi, r, i);
                    else {
                      var s = r ? r(Tn(t, u), a, u + "", t, e, i) : o;
                      s === o && (s = a), kr(t, u, s);
                    }
                  },
                  is
                );
            }
            function gi(t, e) {
              var n = t.length;
              if (n) return Wo((e += e < 0 ? n : 0), n) ? t[e] : o;
            }
            function mi(t, e, n) {
              var r = -1;
              return (
                (e = Qe(e.length ? e : [Ts], mn(Io()))),
                (function(t, e) {
                  var n = t.length;
                  for (t.sort(e); n--; ) t[n] = t[n].value;
                  return t;
                })(
                  pi(t, function(t, n, i) {
                    return {
                      criteria: Qe(e, function(e) {
                        return e(t);
                      }),
                      index: ++r,
                      value: t
                    };
                  }),
                  function(t, e) {
                    return (function(t, e, n) {
                      for (
                        var r = -1, i = t.criteria, o = e.criteria, a = i.length, u = n.length;
                        ++r < a;

                      ) {
                        var s = Qi(i[r], o[r]);
                        if (s) {
                          if (r >= u) return s;
                          var c = n[r];
                          return s * ("desc" == c ? -1 : 1);
                        }
                      }
                      return t.index - e.index;
                    })(t, e, n);
                  }
                )
              );
            }
            function $i(t, e, n) {
              for (var r = -1, i = e.length, o = {}; ++r < i; ) {
                var a = e[r],
                  u = Yr(t, a);
                n(u, a) && Ei(o, Wi(a, t), u);
              }
              return o;
            }
            function yi(t, e, n, r) {
              var i = r ? cn : sn,
                o = -1,
                a = e.length,
                u = t;
              for (t === e && (e = no(e)), n && (u = Qe(t, mn(n))); ++o < a; )
                for (var s = 0, c = e[o], l = n ? n(c) : c; (s = i(u, l, s, r)) > -1; )
                  u !== t && Le.call(u, s, 1), Le.call(t, s, 1);
              return t;
            }
            function bi(t, e) {
              for (var n = t ? e.length : 0, r = n - 1; n--; ) {
                var i = e[n];
                if (n == r || i !== o) {
                  var o = i;
                  Wo(i) ? Le.call(t, i, 1) : Pi(t, i);
                }
              }
              return t;
            }
            function wi(t, e) {
              return t + Vn(Jn() * (e - t + 1));
            }
            function xi(t, e) {
              var n = "";
              if (!t || e < 1 || e > L) return n;
              do {
                e % 2 && (n += t), (e = Vn(e / 2)) && (t += t);
              } while (e);
              return n;
            }
            function _i(t, e) {
              return ia(ta(t, e, Ts), t + "");
            }
            function Ci(t) {
              return Cr(ps(t));
            }
            function Si(t, e) {
              var n = ps(t);
              return ua(n, Lr(e, 0, n.length));
            }
            function Ei(t, e, n, r) {
              if (!Eu(t)) return t;
              for (
                var i = -1, a = (e = Wi(e, t)).length, u = a - 1, s = t;
                null != s && ++i < a;

              ) {
                var c = ca(e[i]),
                  l = n;
                if (i != u) {
                  var f = s[c];
                  (l = r ? r(f, c, s) : o) === o && (l = Eu(f) ? f : Wo(e[i + 1]) ? [] : {});
                }
                Ar(s, c, l), (s = s[c]);
              }
              return t;
            }
            var ki = rr
                ? function(t, e) {
                    return rr.set(t, e), t;
                  }
                : Ts,
              Ai = on
                ? function(t, e) {
                    return on(t, "toString", {
                      configurable: !0,
                      enumerable: !1,
                      value: Es(e),
                      writable: !0
                    });
                  }
                : Ts;
            function Ti(t) {
              return ua(ps(t));
            }
            function Oi(t, e, r) {
              var i = -1,
                o = t.length;
              e < 0 && (e = -e > o ? 0 : o + e),
                (r = r > o ? o : r) < 0 && (r += o),
                (o = e > r ? 0 : (r - e) >>> 0),
                (e >>>= 0);
              for (var a = n(o); ++i < o; ) a[i] = t[i + e];
              return a;
            }
            function ji(t, e) {
              var n;
              return (
                Vr(t, function(t, r, i) {
                  return !(n = e(t, r, i));
                }),
                !!n
              );
            }
            function Ni(t, e, n) {
              var r = 0,
                i = null == t ? r : t.length;
              if ("number" == typeof e && e == e && i <= V) {
                for (; r < i; ) {
                  var o = (r + i) >>> 1,
                    a = t[o];
                  null !== a && !Lu(a) && (n ? a <= e : a < e) ? (r = o + 1) : (i = o);
                }
                return i;
              }
              return Mi(t, e, Ts, n);
            }
            function Mi(t, e, n, r) {
              e = n(e);
              for (
                var i = 0,
                  a = null == t ? 0 : t.length,
                  u = e != e,
                  s = null === e,
                  c = Lu(e),
                  l = e === o;
                i < a;

              ) {
                var f = Vn((i + a) / 2),
                  p = n(t[f]),
                  h = p !== o,
                  d = null === p,
                  v = p == p,
                  g = Lu(p);
                if (u) var m = r || v;
                else
                  m = l
                    ? v && (r || h)
                    : s
                      ? v && h && (r || !d)
                      : c
                        ? v && h && !d && (r || !g)
                        : !d && !g && (r ? p <= e : p < e);
                m ? (i = f + 1) : (a = f);
              }
              return Wn(a, P);
            }
            function Li(t, e) {
              for (var n = -1, r = t.length, i = 0, o = []; ++n < r; ) {
                var a = t[n],
                  u = e ? e(a) : a;
                if (!n || !pu(u, s)) {
                  var s = u;
                  o[i++] = 0 === a ? 0 : a;
                }
              }
              return o;
            }
            function Di(t) {
              return "number" == typeof t ? t : Lu(t) ? I : +t;
            }
            function Ii(t) {
              if ("string" == typeof t) return t;
              if (gu(t)) return Qe(t, Ii) + "";
              if (Lu(t)) return pr ? pr.call(t) : "";
              var e = t + "";
              return "0" == e && 1 / t == -M ? "-0" : e;
            }
            function Ri(t, e, n) {
              var r = -1,
                i = Ze,
                o = t.length,
                u = !0,
                s = [],
                c = s;
              if (n) (u = !1), (i = Xe);
              else if (o >= a) {
                var l = e ? null : _o(t);
                if (l) return On(l);
                (u = !1), (i = yn), (c = new wr());
              } else c = e ? [] : s;
              t: for (; ++r < o; ) {
                var f = t[r],
                  p = e ? e(f) : f;
                if (((f = n || 0 !== f ? f : 0), u && p == p)) {
                  for (var h = c.length; h--; ) if (c[h] === p) continue t;
                  e && c.push(p), s.push(f);
                } else i(c, p, n) || (c !== s && c.push(p), s.push(f));
              }
              return s;
            }
            function Pi(t, e) {
              return null == (t = ea(t, (e = Wi(e, t)))) || delete t[ca(xa(e))];
            }
            function Vi(t, e, n, r) {
              return Ei(t, e, n(Yr(t, e)), r);
            }
            function qi(t, e, n, r) {
              for (var i = t.length, o = r ? i : -1; (r ? o-- : ++o < i) && e(t[o], o, t); );
              return n ? Oi(t, r ? 0 : o, r ? o + 1 : i) : Oi(t, r ? o + 1 : 0, r ? i : o);
            }
            function Ui(t, e) {
              var n = t;
              return (
                n instanceof mr && (n = n.value()),
                en(
                  e,
                  function(t, e) {
                    return e.func.apply(e.thisArg, tn([t], e.args));
                  },
                  n
                )
              );
            }
            function Fi(t, e, r) {
              var i = t.length;
              if (i < 2) return i ? Ri(t[0]) : [];
              for (var o = -1, a = n(i); ++o < i; )
                for (var u = t[o], s = -1; ++s < i; ) s != o && (a[o] = Pr(a[o] || u, t[s], e, r));
              return Ri(Br(a, 1), e, r);
            }
            function Hi(t, e, n) {
              for (var r = -1, i = t.length, a = e.length, u = {}; ++r < i; ) {
                var s = r < a ? e[r] : o;
                n(u, t[r], s);
              }
              return u;
            }
            function Bi(t) {
              return yu(t) ? t : [];
            }
            function zi(t) {
              return "function" == typeof t ? t : Ts;
            }
            function Wi(t, e) {
              return gu(t) ? t : Ko(t, e) ? [t] : sa(Bu(t));
            }
            var Gi = _i;
            function Ki(t, e, n) {
              var r = t.length;
              return (n = n === o ? r : n), !e && n >= r ? t : Oi(t, e, n);
            }
            var Ji =
              hn ||
              function(t) {
                return Me.clearTimeout(t);
              };
            function Yi(t, e) {
              if (e) return t.slice();
              var n = t.length,
                r = xe ? xe(n) : new t.constructor(n);
              return t.copy(r), r;
            }
            function Zi(t) {
              var e = new t.constructor(t.byteLength);
              return new be(e).set(new be(t)), e;
            }
            function Xi(t, e) {
              var n = e ? Zi(t.buffer) : t.buffer;
              return new t.constructor(n, t.byteOffset, t.length);
            }
            function Qi(t, e) {
              if (t !== e) {
                var n = t !== o,
                  r = null === t,
                  i = t == t,
                  a = Lu(t),
                  u = e !== o,
                  s = null === e,
                  c = e == e,
                  l = Lu(e);
                if (
                  (!s && !l && !a && t > e) ||
                  (a && u && c && !s && !l) ||
                  (r && u && c) ||
                  (!n && c) ||
                  !i
                )
                  return 1;
                if (
                  (!r && !a && !l && t < e) ||
                  (l && n && i && !r && !a) ||
                  (s && n && i) ||
                  (!u && i) ||
                  !c
                )
                  return -1;
              }
              return 0;
            }
            function to(t, e, r, i) {
              for (
                var o = -1,
                  a = t.length,
                  u = r.length,
                  s = -1,
                  c = e.length,
                  l = zn(a - u, 0),
                  f = n(c + l),
                  p = !i;
                ++s < c;

              )
                f[s] = e[s];
              for (; ++o < u; ) (p || o < a) && (f[r[o]] = t[o]);
              for (; l--; ) f[s++] = t[o++];
              return f;
            }
            function eo(t, e, r, i) {
              for (
                var o = -1,
                  a = t.length,
                  u = -1,
                  s = r.length,
                  c = -1,
                  l = e.length,
                  f = zn(a - s, 0),
                  p = n(f + l),
                  h = !i;
                ++o < f;

              )
                p[o] = t[o];
              for (var d = o; ++c < l; ) p[d + c] = e[c];
              for (; ++u < s; ) (h || o < a) && (p[d + r[u]] = t[o++]);
              return p;
            }
            function no(t, e) {
              var r = -1,
                i = t.length;
              for (e || (e = n(i)); ++r < i; ) e[r] = t[r];
              return e;
            }
            function ro(t, e, n, r) {
              var i = !n;
              n || (n = {});
              for (var a = -1, u = e.length; ++a < u; ) {
                var s = e[a],
                  c = r ? r(n[s], t[s], s, n, t) : o;
                c === o && (c = t[s]), i ? Nr(n, s, c) : Ar(n, s, c);
              }
              return n;
            }
            function io(t, e) {
              return function(n, r) {
                var i = gu(n) ? We : Or,
                  o = e ? e() : {};
                return i(n, t, Io(r, 2), o);
              };
            }
            function oo(t) {
              return _i(function(e, n) {
                var r = -1,
                  i = n.length,
                  a = i > 1 ? n[i - 1] : o,
                  u = i > 2 ? n[2] : o;
                for (
                  a = t.length > 3 && "function" == typeof a ? (i--, a) : o,
                    u && Go(n[0], n[1], u) && ((a = i < 3 ? o : a), (i = 1)),
                    e = te(e);
                  ++r < i;

                ) {
                  var s = n[r];
                  s && t(e, s, r, a);
                }
                return e;
              });
            }
            function ao(t, e) {
              return function(n, r) {
                if (null == n) return n;
                if (!$u(n)) return t(n, r);
                for (
                  var i = n.length, o = e ? i : -1, a = te(n);
                  (e ? o-- : ++o < i) && !1 !== r(a[o], o, a);

                );
                return n;
              };
            }
            function uo(t) {
              return function(e, n, r) {
                for (var i = -1, o = te(e), a = r(e), u = a.length; u--; ) {
                  var s = a[t ? u : ++i];
                  if (!1 === n(o[s], s, o)) break;
                }
                return e;
              };
            }
            function so(t) {
              return function(e) {
                var n = Sn((e = Bu(e))) ? Mn(e) : o,
                  r = n ? n[0] : e.charAt(0),
                  i = n ? Ki(n, 1).join("") : e.slice(1);
                return r[t]() + i;
              };
            }
            function co(t) {
              return function(e) {
                return en(_s(vs(e).replace($e, "")), t, "");
              };
            }
            function lo(t) {
              return function() {
                var e = arguments;
                switch (e.length) {
                  case 0:
                    return new t();
                  case 1:
                    return new t(e[0]);
                  case 2:
                    return new t(e[0], e[1]);
                  case 3:
                    return new t(e[0], e[1], e[2]);
                  case 4:
                    return new t(e[0], e[1], e[2], e[3]);
                  case 5:
                    return new t(e[0], e[1], e[2], e[3], e[4]);
                  case 6:
                    return new t(e[0], e[1], e[2], e[3], e[4], e[5]);
                  case 7:
                    return new t(e[0], e[1], e[2], e[3], e[4], e[5], e[6]);
                }
                var n = dr(t.prototype),
                  r = t.apply(n, e);
                return Eu(r) ? r : n;
              };
            }
            function fo(t) {
              return function(e, n, r) {
                var i = te(e);
                if (!$u(e)) {
                  var a = Io(n, 3);
                  (e = rs(e)),
                    (n = function(t) {
                      return a(i[t], t, i);
                    });
                }
                var u = t(e, n, r);
                return u > -1 ? i[a ? e[u] : u] : o;
              };
            }
            function po(t) {
              return Oo(function(e) {
                var n = e.length,
                  r = n,
                  i = gr.prototype.thru;
                for (t && e.reverse(); r--; ) {
                  var a = e[r];
                  if ("function" != typeof a) throw new re(s);
                  if (i && !u && "wrapper" == Lo(a)) var u = new gr([], !0);
                }
                for (r = u ? r : n; ++r < n; ) {
                  var c = Lo((a = e[r])),
                    l = "wrapper" == c ? Mo(a) : o;
                  u =
                    l && Jo(l[0]) && l[1] == (C | b | x | S) && !l[4].length && 1 == l[9]
                      ? u[Lo(l[0])].apply(u, l[3])
                      : 1 == a.length && Jo(a)
                        ? u[c]()
                        : u.thru(a);
                }
                return function() {
                  var t = arguments,
                    r = t[0];
                  if (u && 1 == t.length && gu(r)) return u.plant(r).value();
                  for (var i = 0, o = n ? e[i].apply(this, t) : r; ++i < n; )
                    o = e[i].call(this, o);
                  return o;
                };
              });
            }
            function ho(t, e, r, i, a, u, s, c, l, f) {
              var p = e & C,
                h = e & m,
                d = e & $,
                v = e & (b | w),
                g = e & E,
                y = d ? o : lo(t);
              return function m() {
                for (var $ = arguments.length, b = n($), w = $; w--; ) b[w] = arguments[w];
                if (v)
                  var x = Do(m),
                    _ = (function(t, e) {
                      for (var n = t.length, r = 0; n--; ) t[n] === e && ++r;
                      return r;
                    })(b, x);
                if ((i && (b = to(b, i, a, v)), u && (b = eo(b, u, s, v)), ($ -= _), v && $ < f)) {
                  var C = An(b, x);
                  return wo(t, e, ho, m.placeholder, r, b, C, c, l, f - $);
                }
                var S = h ? r : this,
                  E = d ? S[t] : t;
                return (
                  ($ = b.length),
                  c
                    ? (b = (function(t, e) {
                        for (var n = t.length, r = Wn(e.length, n), i = no(t); r--; ) {
                          var a = e[r];
                          t[r] = Wo(a, n) ? i[a] : o;
                        }
                        return t;
                      })(b, c))
                    : g && $ > 1 && b.reverse(),
                  p && l < $ && (b.length = l),
                  this && this !== Me && this instanceof m && (E = y || lo(E)),
                  E.apply(S, b)
                );
              };
            }
            function vo(t, e) {
              return function(n, r) {
                return (function(t, e, n, r) {
                  return (
                    Gr(t, function(t, i, o) {
                      e(r, n(t), i, o);
                    }),
                    r
                  );
                })(n, t, e(r), {});
              };
            }
            function go(t, e) {
              return function(n, r) {
                var i;
                if (n === o && r === o) return e;
                if ((n !== o && (i = n), r !== o)) {
                  if (i === o) return r;
                  "string" == typeof n || "string" == typeof r
                    ? ((n = Ii(n)), (r = Ii(r)))
                    : ((n = Di(n)), (r = Di(r))),
                    (i = t(n, r));
                }
                return i;
              };
            }
            function mo(t) {
              return Oo(function(e) {
                return (
                  (e = Qe(e, mn(Io()))),
                  _i(function(n) {
                    var r = this;
                    return t(e, function(t) {
                      return ze(t, r, n);
                    });
                  })
                );
              });
            }
            function $o(t, e) {
              var n = (e = e === o ? " " : Ii(e)).length;
              if (n < 2) return n ? xi(e, t) : e;
              var r = xi(e, Pn(t / Nn(e)));
              return Sn(e) ? Ki(Mn(r), 0, t).join("") : r.slice(0, t);
            }
            function yo(t) {
              return function(e, r, i) {
                return (
                  i && "number" != typeof i && Go(e, r, i) && (r = i = o),
                  (e = Vu(e)),
                  r === o ? ((r = e), (e = 0)) : (r = Vu(r)),
                  (function(t, e, r, i) {
                    for (var o = -1, a = zn(Pn((e - t) / (r || 1)), 0), u = n(a); a--; )
                      (u[i ? a : ++o] = t), (t += r);
                    return u;
                  })(e, r, (i = i === o ? (e < r ? 1 : -1) : Vu(i)), t)
                );
              };
            }
            function bo(t) {
              return function(e, n) {
                return (
                  ("string" == typeof e && "string" == typeof n) || ((e = Fu(e)), (n = Fu(n))),
                  t(e, n)
                );
              };
            }
            function wo(t, e, n, r, i, a, u, s, c, l) {
              var f = e & b;
              (e |= f ? x : _), (e &= ~(f ? _ : x)) & y || (e &= ~(m | $));
              var p = [t, e, i, f ? a : o, f ? u : o, f ? o : a, f ? o : u, s, c, l],
                h = n.apply(o, p);
              return Jo(t) && na(h, p), (h.placeholder = r), oa(h, t, e);
            }
            function xo(t) {
              var e = Qt[t];
              return function(t, n) {
                if (((t = Fu(t)), (n = null == n ? 0 : Wn(qu(n), 292)))) {
                  var r = (Bu(t) + "e").split("e");
                  return +(
                    (r = (Bu(e(r[0] + "e" + (+r[1] + n))) + "e").split("e"))[0] +
                    "e" +
                    (+r[1] - n)
                  );
                }
                return e(t);
              };
            }
            var _o =
              tr && 1 / On(new tr([, -0]))[1] == M
                ? function(t) {
                    return new tr(t);
                  }
                : Ls;
            function Co(t) {
              return function(e) {
                var n = Fo(e);
                return n == Y
                  ? En(e)
                  : n == nt
                    ? jn(e)
                    : (function(t, e) {
                        return Qe(e, function(e) {
                          return [e, t[e]];
                        });
                      })(e, t(e));
              };
            }
            function So(t, e, r, i, a, u, c, l) {
              var p = e & $;
              if (!p && "function" != typeof t) throw new re(s);
              var h = i ? i.length : 0;
              if (
                (h || ((e &= ~(x | _)), (i = a = o)),
                (c = c === o ? c : zn(qu(c), 0)),
                (l = l === o ? l : qu(l)),
                (h -= a ? a.length : 0),
                e & _)
              ) {
                var d = i,
                  v = a;
                i = a = o;
              }
              var g = p ? o : Mo(t),
                E = [t, e, r, i, a, d, v, u, c, l];
              if (
                (g &&
                  (function(t, e) {
                    var n = t[1],
                      r = e[1],
                      i = n | r,
                      o = i < (m | $ | C),
                      a =
                        (r == C && n == b) ||
                        (r == C && n == S && t[7].length <= e[8]) ||
                        (r == (C | S) && e[7].length <= e[8] && n == b);
                    if (!o && !a) return t;
                    r & m && ((t[2] = e[2]), (i |= n & m ? 0 : y));
                    var u = e[3];
                    if (u) {
                      var s = t[3];
                      (t[3] = s ? to(s, u, e[4]) : u), (t[4] = s ? An(t[3], f) : e[4]);
                    }
                    (u = e[5]) &&
                      ((s = t[5]),
                      (t[5] = s ? eo(s, u, e[6]) : u),
                      (t[6] = s ? An(t[5], f) : e[6])),
                      (u = e[7]) && (t[7] = u),
                      r & C && (t[8] = null == t[8] ? e[8] : Wn(t[8], e[8])),
                      null == t[9] && (t[9] = e[9]),
                      (t[0] = e[0]),
                      (t[1] = i);
                  })(E, g),
                (t = E[0]),
                (e = E[1]),
                (r = E[2]),
                (i = E[3]),
                (a = E[4]),
                !(l = E[9] = E[9] === o ? (p ? 0 : t.length) : zn(E[9] - h, 0)) &&
                  e & (b | w) &&
                  (e &= ~(b | w)),
                e && e != m)
              )
                k =
                  e == b || e == w
                    ? (function(t, e, r) {
                        var i = lo(t);
                        return function a() {
                          for (var u = arguments.length, s = n(u), c = u, l = Do(a); c--; )
                            s[c] = arguments[c];
                          var f = u < 3 && s[0] !== l && s[u - 1] !== l ? [] : An(s, l);
                          return (u -= f.length) < r
                            ? wo(t, e, ho, a.placeholder, o, s, f, o, o, r - u)
                            : ze(this && this !== Me && this instanceof a ? i : t, this, s);
                        };
                      })(t, e, l)
                    : (e != x && e != (m | x)) || a.length
                      ? ho.apply(o, E)
                      : (function(t, e, r, i) {
                          var o = e & m,
                            a = lo(t);
                          return function e() {
                            for (
                              var u = -1,
                                s = arguments.length,
                                c = -1,
                                l = i.length,
                                f = n(l + s),
                                p = this && this !== Me && this instanceof e ? a : t;
                              ++c < l;

                            )
                              f[c] = i[c];
                            for (; s--; ) f[c++] = arguments[++u];
                            return ze(p, o ? r : this, f);
                          };
                        })(t, e, r, i);
              else
                var k = (function(t, e, n) {
                  var r = e & m,
                    i = lo(t);
                  return function e() {
                    return (this && this !== Me && this instanceof e ? i : t).apply(
                      r ? n : this,
                      arguments
                    );
                  };
                })(t, e, r);
              return oa((g ? ki : na)(k, E), t, e);
            }
            function Eo(t, e, n, r) {
              return t === o || (pu(t, ae[n]) && !ce.call(r, n)) ? e : t;
            }
            function ko(t, e, n, r, i, a) {
              return Eu(t) && Eu(e) && (a.set(e, t), vi(t, e, o, ko, a), a.delete(e)), t;
            }
            function Ao(t) {
              return Ou(t) ? o : t;
            }
            function To(t, e, n, r, i, a) {
              var u = n & v,
                s = t.length,
                c = e.length;
              if (s != c && !(u && c > s)) return !1;
              var l = a.get(t);
              if (l && a.get(e)) return l == e;
              var f = -1,
                p = !0,
                h = n & g ? new wr() : o;
              for (a.set(t, e), a.set(e, t); ++f < s; ) {
                var d = t[f],
                  m = e[f];
                if (r) var $ = u ? r(m, d, f, e, t, a) : r(d, m, f, t, e, a);
                if ($ !== o) {
                  if ($) continue;
                  p = !1;
                  break;
                }
                if (h) {
                  if (
                    !rn(e, function(t, e) {
                      if (!yn(h, e) && (d === t || i(d, t, n, r, a))) return h.push(e);
                    })
                  ) {
                    p = !1;
                    break;
                  }
                } else if (d !== m && !i(d, m, n, r, a)) {
                  p = !1;
                  break;
                }
              }
              return a.delete(t), a.delete(e), p;
            }
            function Oo(t) {
              return ia(ta(t, o, ma), t + "");
            }
            function jo(t) {
              return Zr(t, rs, qo);
            }
            function No(t) {
              return Zr(t, is, Uo);
            }
            var Mo = rr
              ? function(t) {
                  return rr.get(t);
                }
              : Ls;
            function Lo(t) {
              for (var e = t.name + "", n = ir[e], r = ce.call(ir, e) ? n.length : 0; r--; ) {
                var i = n[r],
                  o = i.func;
                if (null == o || o == t) return i.name;
              }
              return e;
            }
            function Do(t) {
              return (ce.call(hr, "placeholder") ? hr : t).placeholder;
            }
            function Io() {
              var t = hr.iteratee || Os;
              return (t = t === Os ? si : t), arguments.length ? t(arguments[0], arguments[1]) : t;
            }
            function Ro(t, e) {
              var n = t.__data__;
              return (function(t) {
                var e = typeof t;
                return "string" == e || "number" == e || "symbol" == e || "boolean" == e
                  ? "__proto__" !== t
                  : null === t;
              })(e)
                ? n["string" == typeof e ? "string" : "hash"]
                : n.map;
            }
            function Po(t) {
              for (var e = rs(t), n = e.length; n--; ) {
                var r = e[n],
                  i = t[r];
                e[n] = [r, i, Xo(i)];
              }
              return e;
            }
            function Vo(t, e) {
              var n = (function(t, e) {
                return null == t ? o : t[e];
              })(t, e);
              return ui(n) ? n : o;
            }
            var qo = qn
                ? function(t) {
                    return null == t
                      ? []
                      : ((t = te(t)),
                        Ye(qn(t), function(e) {
                          return Ne.call(t, e);
                        }));
                  }
                : Us,
              Uo = qn
                ? function(t) {
                    for (var e = []; t; ) tn(e, qo(t)), (t = Ae(t));
                    return e;
                  }
                : Us,
              Fo = Xr;
            function Ho(t, e, n) {
              for (var r = -1, i = (e = Wi(e, t)).length, o = !1; ++r < i; ) {
                var a = ca(e[r]);
                if (!(o = null != t && n(t, a))) break;
                t = t[a];
              }
              return o || ++r != i
                ? o
                : !!(i = null == t ? 0 : t.length) && Su(i) && Wo(a, i) && (gu(t) || vu(t));
            }
            function Bo(t) {
              return "function" != typeof t.constructor || Zo(t) ? {} : dr(Ae(t));
            }
            function zo(t) {
              return gu(t) || vu(t) || !!(De && t && t[De]);
            }
            function Wo(t, e) {
              var n = typeof t;
              return (
                !!(e = null == e ? L : e) &&
                ("number" == n || ("symbol" != n && Kt.test(t))) &&
                t > -1 &&
                t % 1 == 0 &&
                t < e
              );
            }
            function Go(t, e, n) {
              if (!Eu(n)) return !1;
              var r = typeof e;
              return (
                !!("number" == r ? $u(n) && Wo(e, n.length) : "string" == r && e in n) &&
                pu(n[e], t)
              );
            }
            function Ko(t, e) {
              if (gu(t)) return !1;
              var n = typeof t;
              return (
                !("number" != n && "symbol" != n && "boolean" != n && null != t && !Lu(t)) ||
                Ot.test(t) ||
                !Tt.test(t) ||
                (null != e && t in te(e))
              );
            }
            function Jo(t) {
              var e = Lo(t),
                n = hr[e];
              if ("function" != typeof n || !(e in mr.prototype)) return !1;
              if (t === n) return !0;
              var r = Mo(n);
              return !!r && t === r[0];
            }
            ((Zn && Fo(new Zn(new ArrayBuffer(1))) != ct) ||
              (Xn && Fo(new Xn()) != Y) ||
              (Qn && "[object Promise]" != Fo(Qn.resolve())) ||
              (tr && Fo(new tr()) != nt) ||
              (er && Fo(new er()) != at)) &&
              (Fo = function(t) {
                var e = Xr(t),
                  n = e == Q ? t.constructor : o,
                  r = n ? la(n) : "";
                if (r)
                  switch (r) {
                    case or:
                      return ct;
                    case ar:
                      return Y;
                    case ur:
                      return "[object Promise]";
                    case sr:
                      return nt;
                    case cr:
                      return at;
                  }
                return e;
              });
            var Yo = ue ? _u : Fs;
            function Zo(t) {
              var e = t && t.constructor;
              return t === (("function" == typeof e && e.prototype) || ae);
            }
            function Xo(t) {
              return t == t && !Eu(t);
            }
            function Qo(t, e) {
              return function(n) {
                return null != n && n[t] === e && (e !== o || t in te(n));
              };
            }
            function ta(t, e, r) {
              return (
                (e = zn(e === o ? t.length - 1 : e, 0)),
                function() {
                  for (var i = arguments, o = -1, a = zn(i.length - e, 0), u = n(a); ++o < a; )
                    u[o] = i[e + o];
                  o = -1;
                  for (var s = n(e + 1); ++o < e; ) s[o] = i[o];
                  return (s[e] = r(u)), ze(t, this, s);
                }
              );
            }
            function ea(t, e) {
              return e.length < 2 ? t : Yr(t, Oi(e, 0, -1));
            }
            var na = aa(ki),
              ra =
                Rn ||
                function(t, e) {
                  return Me.setTimeout(t, e);
                },
              ia = aa(Ai);
            function oa(t, e, n) {
              var r = e + "";
              return ia(
                t,
                (function(t, e) {
                  var n = e.length;
                  if (!n) return t;
                  var r = n - 1;
                  return (
                    (e[r] = (n > 1 ? "& " : "") + e[r]),
                    (e = e.join(n > 2 ? ", " : " ")),
                    t.replace(Rt, "{\n/* [wrapped with " + e + "] */\n")
                  );
                })(
                  r,
                  (function(t, e) {
                    return (
                      Ge(q, function(n) {
                        var r = "_." + n[0];
                        e & n[1] && !Ze(t, r) && t.push(r);
                      }),
                      t.sort()
                    );
                  })(
                    (function(t) {
                      var e = t.match(Pt);
                      return e ? e[1].split(Vt) : [];
                    })(r),
                    n
                  )
                )
              );
            }
            function aa(t) {
              var e = 0,
                n = 0;
              return function() {
                var r = Gn(),
                  i = O - (r - n);
                if (((n = r), i > 0)) {
                  if (++e >= T) return arguments[0];
                } else e = 0;
                return t.apply(o, arguments);
              };
            }
            function ua(t, e) {
              var n = -1,
                r = t.length,
                i = r - 1;
              for (e = e === o ? r : e; ++n < e; ) {
                var a = wi(n, i),
                  u = t[a];
                (t[a] = t[n]), (t[n] = u);
              }
              return (t.length = e), t;
            }
            var sa = (function(t) {
              var e = au(t, function(t) {
                  return n.size === l && n.clear(), t;
                }),
                n = e.cache;
              return e;
            })(function(t) {
              var e = [];
              return (
                46 === t.charCodeAt(0) && e.push(""),
                t.replace(jt, function(t, n, r, i) {
                  e.push(r ? i.replace(Ut, "$1") : n || t);
                }),
                e
              );
            });
            function ca(t) {
              if ("string" == typeof t || Lu(t)) return t;
              var e = t + "";
              return "0" == e && 1 / t == -M ? "-0" : e;
            }
            function la(t) {
              if (null != t) {
                try {
                  return se.call(t);
                } catch (t) {}
                try {
                  return t + "";
                } catch (t) {}
              }
              return "";
            }
            function fa(t) {
              if (t instanceof mr) return t.clone();
              var e = new gr(t.__wrapped__, t.__chain__);
              return (
                (e.__actions__ = no(t.__actions__)),
                (e.__index__ = t.__index__),
                (e.__values__ = t.__values__),
                e
              );
            }
            var pa = _i(function(t, e) {
                return yu(t) ? Pr(t, Br(e, 1, yu, !0)) : [];
              }),
              ha = _i(function(t, e) {
                var n = xa(e);
                return yu(n) && (n = o), yu(t) ? Pr(t, Br(e, 1, yu, !0), Io(n, 2)) : [];
              }),
              da = _i(function(t, e) {
                var n = xa(e);
                return yu(n) && (n = o), yu(t) ? Pr(t, Br(e, 1, yu, !0), o, n) : [];
              });
            function va(t, e, n) {
              var r = null == t ? 0 : t.length;
              if (!r) return -1;
              var i = null == n ? 0 : qu(n);
              return i < 0 && (i = zn(r + i, 0)), un(t, Io(e, 3), i);
            }
            function ga(t, e, n) {
              var r = null == t ? 0 : t.length;
              if (!r) return -1;
              var i = r - 1;
              return (
                n !== o && ((i = qu(n)), (i = n < 0 ? zn(r + i, 0) : Wn(i, r - 1))),
                un(t, Io(e, 3), i, !0)
              );
            }
            function ma(t) {
              return null != t && t.length ? Br(t, 1) : [];
            }
            function $a(t) {
              return t && t.length ? t[0] : o;
            }
            var ya = _i(function(t) {
                var e = Qe(t, Bi);
                return e.length && e[0] === t[0] ? ni(e) : [];
              }),
              ba = _i(function(t) {
                var e = xa(t),
                  n = Qe(t, Bi);
                return (
                  e === xa(n) ? (e = o) : n.pop(), n.length && n[0] === t[0] ? ni(n, Io(e, 2)) : []
                );
              }),
              wa = _i(function(t) {
                var e = xa(t),
                  n = Qe(t, Bi);
                return (
                  (e = "function" == typeof e ? e : o) && n.pop(),
                  n.length && n[0] === t[0] ? ni(n, o, e) : []
                );
              });
            function xa(t) {
              var e = null == t ? 0 : t.length;
              return e ? t[e - 1] : o;
            }
            var _a = _i(Ca);
            function Ca(t, e) {
              return t && t.length && e && e.length ? yi(t, e) : t;
            }
            var Sa = Oo(function(t, e) {
              var n = null == t ? 0 : t.length,
                r = Mr(t, e);
              return (
                bi(
                  t,
                  Qe(e, function(t) {
                    return Wo(t, n) ? +t : t;
                  }).sort(Qi)
                ),
                r
              );
            });
            function Ea(t) {
              return null == t ? t : Yn.call(t);
            }
            var ka = _i(function(t) {
                return Ri(Br(t, 1, yu, !0));
              }),
              Aa = _i(function(t) {
                var e = xa(t);
                return yu(e) && (e = o), Ri(Br(t, 1, yu, !0), Io(e, 2));
              }),
              Ta = _i(function(t) {
                var e = xa(t);
                return (e = "function" == typeof e ? e : o), Ri(Br(t, 1, yu, !0), o, e);
              });
            function Oa(t) {
              if (!t || !t.length) return [];
              var e = 0;
              return (
                (t = Ye(t, function(t) {
                  if (yu(t)) return (e = zn(t.length, e)), !0;
                })),
                gn(e, function(e) {
                  return Qe(t, pn(e));
                })
              );
            }
            function ja(t, e) {
              if (!t || !t.length) return [];
              var n = Oa(t);
              return null == e
                ? n
                : Qe(n, function(t) {
                    return ze(e, o, t);
                  });
            }
            var Na = _i(function(t, e) {
                return yu(t) ? Pr(t, e) : [];
              }),
              Ma = _i(function(t) {
                return Fi(Ye(t, yu));
              }),
              La = _i(function(t) {
                var e = xa(t);
                return yu(e) && (e = o), Fi(Ye(t, yu), Io(e, 2));
              }),
              Da = _i(function(t) {
                var e = xa(t);
                return (e = "function" == typeof e ? e : o), Fi(Ye(t, yu), o, e);
              }),
              Ia = _i(Oa);
            var Ra = _i(function(t) {
              var e = t.length,
                n = e > 1 ? t[e - 1] : o;
              return ja(t, (n = "function" == typeof n ? (t.pop(), n) : o));
            });
            function Pa(t) {
              var e = hr(t);
              return (e.__chain__ = !0), e;
            }
            function Va(t, e) {
              return e(t);
            }
            var qa = Oo(function(t) {
              var e = t.length,
                n = e ? t[0] : 0,
                r = this.__wrapped__,
                i = function(e) {
                  return Mr(e, t);
                };
              return !(e > 1 || this.__actions__.length) && r instanceof mr && Wo(n)
                ? ((r = r.slice(n, +n + (e ? 1 : 0))).__actions__.push({
                    func: Va,
                    args: [i],
                    thisArg: o
                  }),
                  new gr(r, this.__chain__).thru(function(t) {
                    return e && !t.length && t.push(o), t;
                  }))
                : this.thru(i);
            });
            var Ua = io(function(t, e, n) {
              ce.call(t, n) ? ++t[n] : Nr(t, n, 1);
            });
            var Fa = fo(va),
              Ha = fo(ga);
            function Ba(t, e) {
              return (gu(t) ? Ge : Vr)(t, Io(e, 3));
            }
            function za(t, e) {
              return (gu(t) ? Ke : qr)(t, Io(e, 3));
            }
            var Wa = io(function(t, e, n) {
              ce.call(t, n) ? t[n].push(e) : Nr(t, n, [e]);
            });
            var Ga = _i(function(t, e, r) {
                var i = -1,
                  o = "function" == typeof e,
                  a = $u(t) ? n(t.length) : [];
                return (
                  Vr(t, function(t) {
                    a[++i] = o ? ze(e, t, r) : ri(t, e, r);
                  }),
                  a
                );
              }),
              Ka = io(function(t, e, n) {
                Nr(t, n, e);
              });
            function Ja(t, e) {
              return (gu(t) ? Qe : pi)(t, Io(e, 3));
            }
            var Ya = io(
              function(t, e, n) {
                t[n ? 0 : 1].push(e);
              },
              function() {
                return [[], []];
              }
            );
            var Za = _i(function(t, e) {
                if (null == t) return [];
                var n = e.length;
                return (
                  n > 1 && Go(t, e[0], e[1])
                    ? (e = [])
                    : n > 2 && Go(e[0], e[1], e[2]) && (e = [e[0]]),
                  mi(t, Br(e, 1), [])
                );
              }),
              Xa =
                In ||
                function() {
                  return Me.Date.now();
                };
            function Qa(t, e, n) {
              return (e = n ? o : e), (e = t && null == e ? t.length : e), So(t, C, o, o, o, o, e);
            }
            function tu(t, e) {
              var n;
              if ("function" != typeof e) throw new re(s);
              return (
                (t = qu(t)),
                function() {
                  return --t > 0 && (n = e.apply(this, arguments)), t <= 1 && (e = o), n;
                }
              );
            }
            var eu = _i(function(t, e, n) {
                var r = m;
                if (n.length) {
                  var i = An(n, Do(eu));
                  r |= x;
                }
                return So(t, r, e, n, i);
              }),
              nu = _i(function(t, e, n) {
                var r = m | $;
                if (n.length) {
                  var i = An(n, Do(nu));
                  r |= x;
                }
                return So(e, r, t, n, i);
              });
            function ru(t, e, n) {
              var r,
                i,
                a,
                u,
                c,
                l,
                f = 0,
                p = !1,
                h = !1,
                d = !0;
              if ("function" != typeof t) throw new re(s);
              function v(e) {
                var n = r,
                  a = i;
                return (r = i = o), (f = e), (u = t.apply(a, n));
              }
              function g(t) {
                var n = t - l;
                return l === o || n >= e || n < 0 || (h && t - f >= a);
              }
              function m() {
                var t = Xa();
                if (g(t)) return $(t);
                c = ra(
                  m,
                  (function(t) {
                    var n = e - (t - l);
                    return h ? Wn(n, a - (t - f)) : n;
                  })(t)
                );
              }
              function $(t) {
                return (c = o), d && r ? v(t) : ((r = i = o), u);
              }
              function y() {
                var t = Xa(),
                  n = g(t);
                if (((r = arguments), (i = this), (l = t), n)) {
                  if (c === o)
                    return (function(t) {
                      return (f = t), (c = ra(m, e)), p ? v(t) : u;
                    })(l);
                  if (h) return (c = ra(m, e)), v(l);
                }
                return c === o && (c = ra(m, e)), u;
              }
              return (
                (e = Fu(e) || 0),
                Eu(n) &&
                  ((p = !!n.leading),
                  (a = (h = "maxWait" in n) ? zn(Fu(n.maxWait) || 0, e) : a),
                  (d = "trailing" in n ? !!n.trailing : d)),
                (y.cancel = function() {
                  c !== o && Ji(c), (f = 0), (r = l = i = c = o);
                }),
                (y.flush = function() {
                  return c === o ? u : $(Xa());
                }),
                y
              );
            }
            var iu = _i(function(t, e) {
                return Rr(t, 1, e);
              }),
              ou = _i(function(t, e, n) {
                return Rr(t, Fu(e) || 0, n);
              });
            function au(t, e) {
              if ("function" != typeof t || (null != e && "function" != typeof e)) throw new re(s);
              var n = function() {
                var r = arguments,
                  i = e ? e.apply(this, r) : r[0],
                  o = n.cache;
                if (o.has(i)) return o.get(i);
                var a = t.apply(this, r);
                return (n.cache = o.set(i, a) || o), a;
              };
              return (n.cache = new (au.Cache || br)()), n;
            }
            function uu(t) {
              if ("function" != typeof t) throw new re(s);
              return function() {
                var e = arguments;
                switch (e.length) {
                  case 0:
                    return !t.call(this);
                  case 1:
                    return !t.call(this, e[0]);
                  case 2:
                    return !t.call(this, e[0], e[1]);
                  case 3:
                    return !t.call(this, e[0], e[1], e[2]);
                }
                return !t.apply(this, e);
              };
            }
            au.Cache = br;
            var su = Gi(function(t, e) {
                var n = (e =
                  1 == e.length && gu(e[0]) ? Qe(e[0], mn(Io())) : Qe(Br(e, 1), mn(Io()))).length;
                return _i(function(r) {
                  for (var i = -1, o = Wn(r.length, n); ++i < o; ) r[i] = e[i].call(this, r[i]);
                  return ze(t, this, r);
                });
              }),
              cu = _i(function(t, e) {
                var n = An(e, Do(cu));
                return So(t, x, o, e, n);
              }),
              lu = _i(function(t, e) {
                var n = An(e, Do(lu));
                return So(t, _, o, e, n);
              }),
              fu = Oo(function(t, e) {
                return So(t, S, o, o, o, e);
              });
            function pu(t, e) {
              return t === e || (t != t && e != e);
            }
            var hu = bo(Qr),
              du = bo(function(t, e) {
                return t >= e;
              }),
              vu = ii(
                (function() {
                  return arguments;
                })()
              )
                ? ii
                : function(t) {
                    return ku(t) && ce.call(t, "callee") && !Ne.call(t, "callee");
                  },
              gu = n.isArray,
              mu = Ve
                ? mn(Ve)
                : function(t) {
                    return ku(t) && Xr(t) == st;
                  };
            function $u(t) {
              return null != t && Su(t.length) && !_u(t);
            }
            function yu(t) {
              return ku(t) && $u(t);
            }
            var bu = Un || Fs,
              wu = qe
                ? mn(qe)
                : function(t) {
                    return ku(t) && Xr(t) == z;
                  };
            function xu(t) {
              if (!ku(t)) return !1;
              var e = Xr(t);
              return (
                e == G ||
                e == W ||
                ("string" == typeof t.message && "string" == typeof t.name && !Ou(t))
              );
            }
            function _u(t) {
              if (!Eu(t)) return !1;
              var e = Xr(t);
              return e == K || e == J || e == H || e == tt;
            }
            function Cu(t) {
              return "number" == typeof t && t == qu(t);
            }
            function Su(t) {
              return "number" == typeof t && t > -1 && t % 1 == 0 && t <= L;
            }
            function Eu(t) {
              var e = typeof t;
              return null != t && ("object" == e || "function" == e);
            }
            function ku(t) {
              return null != t && "object" == typeof t;
            }
            var Au = Ue
              ? mn(Ue)
              : function(t) {
                  return ku(t) && Fo(t) == Y;
                };
            function Tu(t) {
              return "number" == typeof t || (ku(t) && Xr(t) == Z);
            }
            function Ou(t) {
              if (!ku(t) || Xr(t) != Q) return !1;
              var e = Ae(t);
              if (null === e) return !0;
              var n = ce.call(e, "constructor") && e.constructor;
              return "function" == typeof n && n instanceof n && se.call(n) == he;
            }
            var ju = Fe
              ? mn(Fe)
              : function(t) {
                  return ku(t) && Xr(t) == et;
                };
            var Nu = He
              ? mn(He)
              : function(t) {
                  return ku(t) && Fo(t) == nt;
                };
            function Mu(t) {
              return "string" == typeof t || (!gu(t) && ku(t) && Xr(t) == rt);
            }
            function Lu(t) {
              return "symbol" == typeof t || (ku(t) && Xr(t) == it);
            }
            var Du = Be
              ? mn(Be)
              : function(t) {
                  return ku(t) && Su(t.length) && !!Ee[Xr(t)];
                };
            var Iu = bo(fi),
              Ru = bo(function(t, e) {
                return t <= e;
              });
            function Pu(t) {
              if (!t) return [];
              if ($u(t)) return Mu(t) ? Mn(t) : no(t);
              if (Re && t[Re])
                return (function(t) {
                  for (var e, n = []; !(e = t.next()).done; ) n.push(e.value);
                  return n;
                })(t[Re]());
              var e = Fo(t);
              return (e == Y ? En : e == nt ? On : ps)(t);
            }
            function Vu(t) {
              return t
                ? (t = Fu(t)) === M || t === -M
                  ? (t < 0 ? -1 : 1) * D
                  : t == t
                    ? t
                    : 0
                : 0 === t
                  ? t
                  : 0;
            }
            function qu(t) {
              var e = Vu(t),
                n = e % 1;
              return e == e ? (n ? e - n : e) : 0;
            }
            function Uu(t) {
              return t ? Lr(qu(t), 0, R) : 0;
            }
            function Fu(t) {
              if ("number" == typeof t) return t;
              if (Lu(t)) return I;
              if (Eu(t)) {
                var e = "function" == typeof t.valueOf ? t.valueOf() : t;
                t = Eu(e) ? e + "" : e;
              }
              if ("string" != typeof t) return 0 === t ? t : +t;
              t = t.replace(Lt, "");
              var n = zt.test(t);
              return n || Gt.test(t) ? Oe(t.slice(2), n ? 2 : 8) : Bt.test(t) ? I : +t;
            }
            function Hu(t) {
              return ro(t, is(t));
            }
            function Bu(t) {
              return null == t ? "" : Ii(t);
            }
            var zu = oo(function(t, e) {
                if (Zo(e) || $u(e)) ro(e, rs(e), t);
                else for (var n in e) ce.call(e, n) && Ar(t, n, e[n]);
              }),
              Wu = oo(function(t, e) {
                ro(e, is(e), t);
              }),
              Gu = oo(function(t, e, n, r) {
                ro(e, is(e), t, r);
              }),
              Ku = oo(function(t, e, n, r) {
                ro(e, rs(e), t, r);
              }),
              Ju = Oo(Mr);
            var Yu = _i(function(t, e) {
                t = te(t);
                var n = -1,
                  r = e.length,
                  i = r > 2 ? e[2] : o;
                for (i && Go(e[0], e[1], i) && (r = 1); ++n < r; )
                  for (var a = e[n], u = is(a), s = -1, c = u.length; ++s < c; ) {
                    var l = u[s],
                      f = t[l];
                    (f === o || (pu(f, ae[l]) && !ce.call(t, l))) && (t[l] = a[l]);
                  }
                return t;
              }),
              Zu = _i(function(t) {
                return t.push(o, ko), ze(as, o, t);
              });
            function Xu(t, e, n) {
              var r = null == t ? o : Yr(t, e);
              return r === o ? n : r;
            }
            function Qu(t, e) {
              return null != t && Ho(t, e, ei);
            }
            var ts = vo(function(t, e, n) {
                null != e && "function" != typeof e.toString && (e = pe.call(e)), (t[e] = n);
              }, Es(Ts)),
              es = vo(function(t, e, n) {
                null != e && "function" != typeof e.toString && (e = pe.call(e)),
                  ce.call(t, e) ? t[e].push(n) : (t[e] = [n]);
              }, Io),
              ns = _i(ri);
            function rs(t) {
              return $u(t) ? _r(t) : ci(t);
            }
            function is(t) {
              return $u(t) ? _r(t, !0) : li(t);
            }
            var os = oo(function(t, e, n) {
                vi(t, e, n);
              }),
              as = oo(function(t, e, n, r) {
                vi(t, e, n, r);
              }),
              us = Oo(function(t, e) {
                var n = {};
                if (null == t) return n;
                var r = !1;
                (e = Qe(e, function(e) {
                  return (e = Wi(e, t)), r || (r = e.length > 1), e;
                })),
                  ro(t, No(t), n),
                  r && (n = Dr(n, p | h | d, Ao));
                for (var i = e.length; i--; ) Pi(n, e[i]);
                return n;
              });
            var ss = Oo(function(t, e) {
              return null == t
                ? {}
                : (function(t, e) {
                    return $i(t, e, function(e, n) {
                      return Qu(t, n);
                    });
                  })(t, e);
            });
            function cs(t, e) {
              if (null == t) return {};
              var n = Qe(No(t), function(t) {
                return [t];
              });
              return (
                (e = Io(e)),
                $i(t, n, function(t, n) {
                  return e(t, n[0]);
                })
              );
            }
            var ls = Co(rs),
              fs = Co(is);
            function ps(t) {
              return null == t ? [] : $n(t, rs(t));
            }
            var hs = co(function(t, e, n) {
              return (e = e.toLowerCase()), t + (n ? ds(e) : e);
            });
            function ds(t) {
              return xs(Bu(t).toLowerCase());
            }
            function vs(t) {
              return (t = Bu(t)) && t.replace(Jt, xn).replace(ye, "");
            }
            var gs = co(function(t, e, n) {
                return t + (n ? "-" : "") + e.toLowerCase();
              }),
              ms = co(function(t, e, n) {
                return t + (n ? " " : "") + e.toLowerCase();
              }),
              $s = so("toLowerCase");
            var ys = co(function(t, e, n) {
              return t + (n ? "_" : "") + e.toLowerCase();
            });
            var bs = co(function(t, e, n) {
              return t + (n ? " " : "") + xs(e);
            });
            var ws = co(function(t, e, n) {
                return t + (n ? " " : "") + e.toUpperCase();
              }),
              xs = so("toUpperCase");
            function _s(t, e, n) {
              return (
                (t = Bu(t)),
                (e = n ? o : e) === o
                  ? (function(t) {
                      return _e.test(t);
                    })(t)
                    ? (function(t) {
                        return t.match(we) || [];
                      })(t)
                    : (function(t) {
                        return t.match(qt) || [];
                      })(t)
                  : t.match(e) || []
              );
            }
            var Cs = _i(function(t, e) {
                try {
                  return ze(t, o, e);
                } catch (t) {
                  return xu(t) ? t : new i(t);
                }
              }),
              Ss = Oo(function(t, e) {
                return (
                  Ge(e, function(e) {
                    (e = ca(e)), Nr(t, e, eu(t[e], t));
                  }),
                  t
                );
              });
            function Es(t) {
              return function() {
                return t;
              };
            }
            var ks = po(),
              As = po(!0);
            function Ts(t) {
              return t;
            }
            function Os(t) {
              return si("function" == typeof t ? t : Dr(t, p));
            }
            var js = _i(function(t, e) {
                return function(n) {
                  return ri(n, t, e);
                };
              }),
              Ns = _i(function(t, e) {
                return function(n) {
                  return ri(t, n, e);
                };
              });
            function Ms(t, e, n) {
              var r = rs(e),
                i = Jr(e, r);
              null != n ||
                (Eu(e) && (i.length || !r.length)) ||
                ((n = e), (e = t), (t = this), (i = Jr(e, rs(e))));
              var o = !(Eu(n) && "chain" in n && !n.chain),
                a = _u(t);
              return (
                Ge(i, function(n) {
                  var r = e[n];
                  (t[n] = r),
                    a &&
                      (t.prototype[n] = function() {
                        var e = this.__chain__;
                        if (o || e) {
                          var n = t(this.__wrapped__);
                          return (
                            (n.__actions__ = no(this.__actions__)).push({
                              func: r,
                              args: arguments,
                              thisArg: t
                            }),
                            (n.__chain__ = e),
                            n
                          );
                        }
                        return r.apply(t, tn([this.value()], arguments));
                      });
                }),
                t
              );
            }
            function Ls() {}
            var Ds = mo(Qe),
              Is = mo(Je),
              Rs = mo(rn);
            function Ps(t) {
              return Ko(t)
                ? pn(ca(t))
                : (function(t) {
                    return function(e) {
                      return Yr(e, t);
                    };
                  })(t);
            }
            var Vs = yo(),
              qs = yo(!0);
            function Us() {
              return [];
            }
            function Fs() {
              return !1;
            }
            var Hs = go(function(t, e) {
                return t + e;
              }, 0),
              Bs = xo("ceil"),
              zs = go(function(t, e) {
                return t / e;
              }, 1),
              Ws = xo("floor");
            var Gs = go(function(t, e) {
                return t * e;
              }, 1),
              Ks = xo("round"),
              Js = go(function(t, e) {
                return t - e;
              }, 0);
            return (
              (hr.after = function(t, e) {
                if ("function" != typeof e) throw new re(s);
                return (
                  (t = qu(t)),
                  function() {
                    if (--t < 1) return e.apply(this, arguments);
                  }
                );
              }),
              (hr.ary = Qa),
              (hr.assign = zu),
              (hr.assignIn = Wu),
              (hr.assignInWith = Gu),
              (hr.assignWith = Ku),
              (hr.at = Ju),
              (hr.before = tu),
              (hr.bind = eu),
              (hr.bindAll = Ss),
              (hr.bindKey = nu),
              (hr.castArray = function() {
                if (!arguments.length) return [];
                var t = arguments[0];
                return gu(t) ? t : [t];
              }),
              (hr.chain = Pa),
              (hr.chunk = function(t, e, r) {
                e = (r ? Go(t, e, r) : e === o) ? 1 : zn(qu(e), 0);
                var i = null == t ? 0 : t.length;
                if (!i || e < 1) return [];
                for (var a = 0, u = 0, s = n(Pn(i / e)); a < i; ) s[u++] = Oi(t, a, (a += e));
                return s;
              }),
              (hr.compact = function(t) {
                for (var e = -1, n = null == t ? 0 : t.length, r = 0, i = []; ++e < n; ) {
                  var o = t[e];
                  o && (i[r++] = o);
                }
                return i;
              }),
              (hr.concat = function() {
                var t = arguments.length;
                if (!t) return [];
                for (var e = n(t - 1), r = arguments[0], i = t; i--; ) e[i - 1] = arguments[i];
                return tn(gu(r) ? no(r) : [r], Br(e, 1));
              }),
              (hr.cond = function(t) {
                var e = null == t ? 0 : t.length,
                  n = Io();
                return (
                  (t = e
                    ? Qe(t, function(t) {
                        if ("function" != typeof t[1]) throw new re(s);
                        return [n(t[0]), t[1]];
                      })
                    : []),
                  _i(function(n) {
                    for (var r = -1; ++r < e; ) {
                      var i = t[r];
                      if (ze(i[0], this, n)) return ze(i[1], this, n);
                    }
                  })
                );
              }),
              (hr.conforms = function(t) {
                return (function(t) {
                  var e = rs(t);
                  return function(n) {
                    return Ir(n, t, e);
                  };
                })(Dr(t, p));
              }),
              (hr.constant = Es),
              (hr.countBy = Ua),
              (hr.create = function(t, e) {
                var n = dr(t);
                return null == e ? n : jr(n, e);
              }),
              (hr.curry = function t(e, n, r) {
                var i = So(e, b, o, o, o, o, o, (n = r ? o : n));
                return (i.placeholder = t.placeholder), i;
              }),
              (hr.curryRight = function t(e, n, r) {
                var i = So(e, w, o, o, o, o, o, (n = r ? o : n));
                return (i.placeholder = t.placeholder), i;
              }),
              (hr.debounce = ru),
              (hr.defaults = Yu),
              (hr.defaultsDeep = Zu),
              (hr.defer = iu),
              (hr.delay = ou),
              (hr.difference = pa),
              (hr.differenceBy = ha),
              (hr.differenceWith = da),
              (hr.drop = function(t, e, n) {
                var r = null == t ? 0 : t.length;
                return r ? Oi(t, (e = n || e === o ? 1 : qu(e)) < 0 ? 0 : e, r) : [];
              }),
              (hr.dropRight = function(t, e, n) {
                var r = null == t ? 0 : t.length;
                return r ? Oi(t, 0, (e = r - (e = n || e === o ? 1 : qu(e))) < 0 ? 0 : e) : [];
              }),
              (hr.dropRightWhile = function(t, e) {
                return t && t.length ? qi(t, Io(e, 3), !0, !0) : [];
              }),
              (hr.dropWhile = function(t, e) {
                return t && t.length ? qi(t, Io(e, 3), !0) : [];
              }),
              (hr.fill = function(t, e, n, r) {
                var i = null == t ? 0 : t.length;
                return i
                  ? (n && "number" != typeof n && Go(t, e, n) && ((n = 0), (r = i)),
                    (function(t, e, n, r) {
                      var i = t.length;
                      for (
                        (n = qu(n)) < 0 && (n = -n > i ? 0 : i + n),
                          (r = r === o || r > i ? i : qu(r)) < 0 && (r += i),
                          r = n > r ? 0 : Uu(r);
                        n < r;

                      )
                        t[n++] = e;
                      return t;
                    })(t, e, n, r))
                  : [];
              }),
              (hr.filter = function(t, e) {
                return (gu(t) ? Ye : Hr)(t, Io(e, 3));
              }),
              (hr.flatMap = function(t, e) {
                return Br(Ja(t, e), 1);
              }),
              (hr.flatMapDeep = function(t, e) {
                return Br(Ja(t, e), M);
              }),
              (hr.flatMapDepth = function(t, e, n) {
                return (n = n === o ? 1 : qu(n)), Br(Ja(t, e), n);
              }),
              (hr.flatten = ma),
              (hr.flattenDeep = function(t) {
                return null != t && t.length ? Br(t, M) : [];
              }),
              (hr.flattenDepth = function(t, e) {
                return null != t && t.length ? Br(t, (e = e === o ? 1 : qu(e))) : [];
              }),
              (hr.flip = function(t) {
                return So(t, E);
              }),
              (hr.flow = ks),
              (hr.flowRight = As),
              (hr.fromPairs = function(t) {
                for (var e = -1, n = null == t ? 0 : t.length, r = {}; ++e < n; ) {
                  var i = t[e];
                  r[i[0]] = i[1];
                }
                return r;
              }),
              (hr.functions = function(t) {
                return null == t ? [] : Jr(t, rs(t));
              }),
              (hr.functionsIn = function(t) {
                return null == t ? [] : Jr(t, is(t));
              }),
              (hr.groupBy = Wa),
              (hr.initial = function(t) {
                return null != t && t.length ? Oi(t, 0, -1) : [];
              }),
              (hr.intersection = ya),
              (hr.intersectionBy = ba),
              (hr.intersectionWith = wa),
              (hr.invert = ts),
              (hr.invertBy = es),
              (hr.invokeMap = Ga),
              (hr.iteratee = Os),
              (hr.keyBy = Ka),
              (hr.keys = rs),
              (hr.keysIn = is),
              (hr.map = Ja),
              (hr.mapKeys = function(t, e) {
                var n = {};
                return (
                  (e = Io(e, 3)),
                  Gr(t, function(t, r, i) {
                    Nr(n, e(t, r, i), t);
                  }),
                  n
                );
              }),
              (hr.mapValues = function(t, e) {
                var n = {};
                return (
                  (e = Io(e, 3)),
                  Gr(t, function(t, r, i) {
                    Nr(n, r, e(t, r, i));
                  }),
                  n
                );
              }),
              (hr.matches = function(t) {
                return hi(Dr(t, p));
              }),
              (hr.matchesProperty = function(t, e) {
                return di(t, Dr(e, p));
              }),
              (hr.memoize = au),
              (hr.merge = os),
              (hr.mergeWith = as),
              (hr.method = js),
              (hr.methodOf = Ns),
              (hr.mixin = Ms),
              (hr.negate = uu),
              (hr.nthArg = function(t) {
                return (
                  (t = qu(t)),
                  _i(function(e) {
                    return gi(e, t);
                  })
                );
              }),
              (hr.omit = us),
              (hr.omitBy = function(t, e) {
                return cs(t, uu(Io(e)));
              }),
              (hr.once = function(t) {
                return tu(2, t);
              }),
              (hr.orderBy = function(t, e, n, r) {
                return null == t
                  ? []
                  : (gu(e) || (e = null == e ? [] : [e]),
                    gu((n = r ? o : n)) || (n = null == n ? [] : [n]),
                    mi(t, e, n));
              }),
              (hr.over = Ds),
              (hr.overArgs = su),
              (hr.overEvery = Is),
              (hr.overSome = Rs),
              (hr.partial = cu),
              (hr.partialRight = lu),
              (hr.partition = Ya),
              (hr.pick = ss),
              (hr.pickBy = cs),
              (hr.property = Ps),
              (hr.propertyOf = function(t) {
                return function(e) {
                  return null == t ? o : Yr(t, e);
                };
              }),
              (hr.pull = _a),
              (hr.pullAll = Ca),
              (hr.pullAllBy = function(t, e, n) {
                return t && t.length && e && e.length ? yi(t, e, Io(n, 2)) : t;
              }),
              (hr.pullAllWith = function(t, e, n) {
                return t && t.length && e && e.length ? yi(t, e, o, n) : t;
              }),
              (hr.pullAt = Sa),
              (hr.range = Vs),
              (hr.rangeRight = qs),
              (hr.rearg = fu),
              (hr.reject = function(t, e) {
                return (gu(t) ? Ye : Hr)(t, uu(Io(e, 3)));
              }),
              (hr.remove = function(t, e) {
                var n = [];
                if (!t || !t.length) return n;
                var r = -1,
                  i = [],
                  o = t.length;
                for (e = Io(e, 3); ++r < o; ) {
                  var a = t[r];
                  e(a, r, t) && (n.push(a), i.push(r));
                }
                return bi(t, i), n;
              }),
              (hr.rest = function(t, e) {
                if ("function" != typeof t) throw new re(s);
                return _i(t, (e = e === o ? e : qu(e)));
              }),
              (hr.reverse = Ea),
              (hr.sampleSize = function(t, e, n) {
                return (e = (n ? Go(t, e, n) : e === o) ? 1 : qu(e)), (gu(t) ? Sr : Si)(t, e);
              }),
              (hr.set = function(t, e, n) {
                return null == t ? t : Ei(t, e, n);
              }),
              (hr.setWith = function(t, e, n, r) {
                return (r = "function" == typeof r ? r : o), null == t ? t : Ei(t, e, n, r);
              }),
              (hr.shuffle = function(t) {
                return (gu(t) ? Er : Ti)(t);
              }),
              (hr.slice = function(t, e, n) {
                var r = null == t ? 0 : t.length;
                return r
                  ? (n && "number" != typeof n && Go(t, e, n)
                      ? ((e = 0), (n = r))
                      : ((e = null == e ? 0 : qu(e)), (n = n === o ? r : qu(n))),
                    Oi(t, e, n))
                  : [];
              }),
              (hr.sortBy = Za),
              (hr.sortedUniq = function(t) {
                return t && t.length ? Li(t) : [];
              }),
              (hr.sortedUniqBy = function(t, e) {
                return t && t.length ? Li(t, Io(e, 2)) : [];
              }),
              (hr.split = function(t, e, n) {
                return (
                  n && "number" != typeof n && Go(t, e, n) && (e = n = o),
                  (n = n === o ? R : n >>> 0)
                    ? (t = Bu(t)) &&
                      ("string" == typeof e || (null != e && !ju(e))) &&
                      !(e = Ii(e)) &&
                      Sn(t)
                      ? Ki(Mn(t), 0, n)
                      : t.split(e, n)
                    : []
                );
              }),
              (hr.spread = function(t, e) {
                if ("function" != typeof t) throw new re(s);
                return (
                  (e = null == e ? 0 : zn(qu(e), 0)),
                  _i(function(n) {
                    var r = n[e],
                      i = Ki(n, 0, e);
                    return r && tn(i, r), ze(t, this, i);
                  })
                );
              }),
              (hr.tail = function(t) {
                var e = null == t ? 0 : t.length;
                return e ? Oi(t, 1, e) : [];
              }),
              (hr.take = function(t, e, n) {
                return t && t.length ? Oi(t, 0, (e = n || e === o ? 1 : qu(e)) < 0 ? 0 : e) : [];
              }),
              (hr.takeRight = function(t, e, n) {
                var r = null == t ? 0 : t.length;
                return r ? Oi(t, (e = r - (e = n || e === o ? 1 : qu(e))) < 0 ? 0 : e, r) : [];
              }),
              (hr.takeRightWhile = function(t, e) {
                return t && t.length ? qi(t, Io(e, 3), !1, !0) : [];
              }),
              (hr.takeWhile = function(t, e) {
                return t && t.length ? qi(t, Io(e, 3)) : [];
              }),
              (hr.tap = function(t, e) {
                return e(t), t;
              }),
              (hr.throttle = function(t, e, n) {
                var r = !0,
                  i = !0;
                if ("function" != typeof t) throw new re(s);
                return (
                  Eu(n) &&
                    ((r = "leading" in n ? !!n.leading : r),
                    (i = "trailing" in n ? !!n.trailing : i)),
                  ru(t, e, { leading: r, maxWait: e, trailing: i })
                );
              }),
              (hr.thru = Va),
              (hr.toArray = Pu),
              (hr.toPairs = ls),
              (hr.toPairsIn = fs),
              (hr.toPath = function(t) {
                return gu(t) ? Qe(t, ca) : Lu(t) ? [t] : no(sa(Bu(t)));
              }),
              (hr.toPlainObject = Hu),
              (hr.transform = function(t, e, n) {
                var r = gu(t),
                  i = r || bu(t) || Du(t);
                if (((e = Io(e, 4)), null == n)) {
                  var o = t && t.constructor;
                  n = i ? (r ? new o() : []) : Eu(t) && _u(o) ? dr(Ae(t)) : {};
                }
                return (
                  (i ? Ge : Gr)(t, function(t, r, i) {
                    return e(n, t, r, i);
                  }),
                  n
                );
              }),
              (hr.unary = function(t) {
                return Qa(t, 1);
              }),
              (hr.union = ka),
              (hr.unionBy = Aa),
              (hr.unionWith = Ta),
              (hr.uniq = function(t) {
                return t && t.length ? Ri(t) : [];
              }),
              (hr.uniqBy = function(t, e) {
                return t && t.length ? Ri(t, Io(e, 2)) : [];
              }),
              (hr.uniqWith = function(t, e) {
                return (e = "function" == typeof e ? e : o), t && t.length ? Ri(t, o, e) : [];
              }),
              (hr.unset = function(t, e) {
                return null == t || Pi(t, e);
              }),
              (hr.unzip = Oa),
              (hr.unzipWith = ja),
              (hr.update = function(t, e, n) {
                return null == t ? t : Vi(t, e, zi(n));
              }),
              (hr.updateWith = function(t, e, n, r) {
                return (r = "function" == typeof r ? r : o), null == t ? t : Vi(t, e, zi(n), r);
              }),
              (hr.values = ps),
              (hr.valuesIn = function(t) {
                return null == t ? [] : $n(t, is(t));
              }),
              (hr.without = Na),
              (hr.words = _s),
              (hr.wrap = function(t, e) {
                return cu(zi(e), t);
              }),
              (hr.xor = Ma),
              (hr.xorBy = La),
              (hr.xorWith = Da),
              (hr.zip = Ia),
              (hr.zipObject = function(t, e) {
                return Hi(t || [], e || [], Ar);
              }),
              (hr.zipObjectDeep = function(t, e) {
                return Hi(t || [], e || [], Ei);
              }),
              (hr.zipWith = Ra),
              (hr.entries = ls),
              (hr.entriesIn = fs),
              (hr.extend = Wu),
              (hr.extendWith = Gu),
              Ms(hr, hr),
              (hr.add = Hs),
              (hr.attempt = Cs),
              (hr.camelCase = hs),
              (hr.capitalize = ds),
              (hr.ceil = Bs),
              (hr.clamp = function(t, e, n) {
                return (
                  n === o && ((n = e), (e = o)),
                  n !== o && (n = (n = Fu(n)) == n ? n : 0),
                  e !== o && (e = (e = Fu(e)) == e ? e : 0),
                  Lr(Fu(t), e, n)
                );
              }),
              (hr.clone = function(t) {
                return Dr(t, d);
              }),
              (hr.cloneDeep = function(t) {
                return Dr(t, p | d);
              }),
              (hr.cloneDeepWith = function(t, e) {
                return Dr(t, p | d, (e = "function" == typeof e ? e : o));
              }),
              (hr.cloneWith = function(t, e) {
                return Dr(t, d, (e = "function" == typeof e ? e : o));
              }),
              (hr.conformsTo = function(t, e) {
                return null == e || Ir(t, e, rs(e));
              }),
              (hr.deburr = vs),
              (hr.defaultTo = function(t, e) {
                return null == t || t != t ? e : t;
              }),
              (hr.divide = zs),
              (hr.endsWith = function(t, e, n) {
                (t = Bu(t)), (e = Ii(e));
                var r = t.length,
                  i = (n = n === o ? r : Lr(qu(n), 0, r));
                return (n -= e.length) >= 0 && t.slice(n, i) == e;
              }),
              (hr.eq = pu),
              (hr.escape = function(t) {
                return (t = Bu(t)) && St.test(t) ? t.replace(_t, _n) : t;
              }),
              (hr.escapeRegExp = function(t) {
                return (t = Bu(t)) && Mt.test(t) ? t.replace(Nt, "\\$&") : t;
              }),
              (hr.every = function(t, e, n) {
                var r = gu(t) ? Je : Ur;
                return n && Go(t, e, n) && (e = o), r(t, Io(e, 3));
              }),
              (hr.find = Fa),
              (hr.findIndex = va),
              (hr.findKey = function(t, e) {
                return an(t, Io(e, 3), Gr);
              }),
              (hr.findLast = Ha),
              (hr.findLastIndex = ga),
              (hr.findLastKey = function(t, e) {
                return an(t, Io(e, 3), Kr);
              }),
              (hr.floor = Ws),
              (hr.forEach = Ba),
              (hr.forEachRight = za),
              (hr.forIn = function(t, e) {
                return null == t ? t : zr(t, Io(e, 3), is);
              }),
              (hr.forInRight = function(t, e) {
                return null == t ? t : Wr(t, Io(e, 3), is);
              }),
              (hr.forOwn = function(t, e) {
                return t && Gr(t, Io(e, 3));
              }),
              (hr.forOwnRight = function(t, e) {
                return t && Kr(t, Io(e, 3));
              }),
              (hr.get = Xu),
              (hr.gt = hu),
              (hr.gte = du),
              (hr.has = function(t, e) {
                return null != t && Ho(t, e, ti);
              }),
              (hr.hasIn = Qu),
              (hr.head = $a),
              (hr.identity = Ts),
              (hr.includes = function(t, e, n, r) {
                (t = $u(t) ? t : ps(t)), (n = n && !r ? qu(n) : 0);
                var i = t.length;
                return (
                  n < 0 && (n = zn(i + n, 0)),
                  Mu(t) ? n <= i && t.indexOf(e, n) > -1 : !!i && sn(t, e, n) > -1
                );
              }),
              (hr.indexOf = function(t, e, n) {
                var r = null == t ? 0 : t.length;
                if (!r) return -1;
                var i = null == n ? 0 : qu(n);
                return i < 0 && (i = zn(r + i, 0)), sn(t, e, i);
              }),
              (hr.inRange = function(t, e, n) {
                return (
                  (e = Vu(e)),
                  n === o ? ((n = e), (e = 0)) : (n = Vu(n)),
                  (function(t, e, n) {
                    return t >= Wn(e, n) && t < zn(e, n);
                  })((t = Fu(t)), e, n)
                );
              }),
              (hr.invoke = ns),
              (hr.isArguments = vu),
              (hr.isArray = gu),
              (hr.isArrayBuffer = mu),
              (hr.isArrayLike = $u),
              (hr.isArrayLikeObject = yu),
              (hr.isBoolean = function(t) {
                return !0 === t || !1 === t || (ku(t) && Xr(t) == B);
              }),
              (hr.isBuffer = bu),
              (hr.isDate = wu),
              (hr.isElement = function(t) {
                return ku(t) && 1 === t.nodeType && !Ou(t);
              }),
              (hr.isEmpty = function(t) {
                if (null == t) return !0;
                if (
                  $u(t) &&
                  (gu(t) ||
                    "string" == typeof t ||
                    "function" == typeof t.splice ||
                    bu(t) ||
                    Du(t) ||
                    vu(t))
                )
                  return !t.length;
                var e = Fo(t);
                if (e == Y || e == nt) return !t.size;
                if (Zo(t)) return !ci(t).length;
                for (var n in t) if (ce.call(t, n)) return !1;
                return !0;
              }),
              (hr.isEqual = function(t, e) {
                return oi(t, e);
              }),
              (hr.isEqualWith = function(t, e, n) {
                var r = (n = "function" == typeof n ? n : o) ? n(t, e) : o;
                return r === o ? oi(t, e, o, n) : !!r;
              }),
              (hr.isError = xu),
              (hr.isFinite = function(t) {
                return "number" == typeof t && Fn(t);
              }),
              (hr.isFunction = _u),
              (hr.isInteger = Cu),
              (hr.isLength = Su),
              (hr.isMap = Au),
              (hr.isMatch = function(t, e) {
                return t === e || ai(t, e, Po(e));
              }),
              (hr.isMatchWith = function(t, e, n) {
                return (n = "function" == typeof n ? n : o), ai(t, e, Po(e), n);
              }),
              (hr.isNaN = function(t) {
                return Tu(t) && t != +t;
              }),
              (hr.isNative = function(t) {
                if (Yo(t)) throw new i(u);
                return ui(t);
              }),
              (hr.isNil = function(t) {
                return null == t;
              }),
              (hr.isNull = function(t) {
                return null === t;
              }),
              (hr.isNumber = Tu),
              (hr.isObject = Eu),
              (hr.isObjectLike = ku),
              (hr.isPlainObject = Ou),
              (hr.isRegExp = ju),
              (hr.isSafeInteger = function(t) {
                return Cu(t) && t >= -L && t <= L;
              }),
              (hr.isSet = Nu),
              (hr.isString = Mu),
              (hr.isSymbol = Lu),
              (hr.isTypedArray = Du),
              (hr.isUndefined = function(t) {
                return t === o;
              }),
              (hr.isWeakMap = function(t) {
                return ku(t) && Fo(t) == at;
              }),
              (hr.isWeakSet = function(t) {
                return ku(t) && Xr(t) == ut;
              }),
              (hr.join = function(t, e) {
                return null == t ? "" : Hn.call(t, e);
              }),
              (hr.kebabCase = gs),
              (hr.last = xa),
              (hr.lastIndexOf = function(t, e, n) {
                var r = null == t ? 0 : t.length;
                if (!r) return -1;
                var i = r;
                return (
                  n !== o && (i = (i = qu(n)) < 0 ? zn(r + i, 0) : Wn(i, r - 1)),
                  e == e
                    ? (function(t, e, n) {
                        for (var r = n + 1; r--; ) if (t[r] === e) return r;
                        return r;
                      })(t, e, i)
                    : un(t, ln, i, !0)
                );
              }),
              (hr.lowerCase = ms),
              (hr.lowerFirst = $s),
              (hr.lt = Iu),
              (hr.lte = Ru),
              (hr.max = function(t) {
                return t && t.length ? Fr(t, Ts, Qr) : o;
              }),
              (hr.maxBy = function(t, e) {
                return t && t.length ? Fr(t, Io(e, 2), Qr) : o;
              }),
              (hr.mean = function(t) {
                return fn(t, Ts);
              }),
              (hr.meanBy = function(t, e) {
                return fn(t, Io(e, 2));
              }),
              (hr.min = function(t) {
                return t && t.length ? Fr(t, Ts, fi) : o;
              }),
              (hr.minBy = function(t, e) {
                return t && t.length ? Fr(t, Io(e, 2), fi) : o;
              }),
              (hr.stubArray = Us),
              (hr.stubFalse = Fs),
              (hr.stubObject = function() {
                return {};
              }),
              (hr.stubString = function() {
                return "";
              }),
              (hr.stubTrue = function() {
                return !0;
              }),
              (hr.multiply = Gs),
              (hr.nth = function(t, e) {
                return t && t.length ? gi(t, qu(e)) : o;
              }),
              (hr.noConflict = function() {
                return Me._ === this && (Me._ = de), this;
              }),
              (hr.noop = Ls),
              (hr.now = Xa),
              (hr.pad = function(t, e, n) {
                t = Bu(t);
                var r = (e = qu(e)) ? Nn(t) : 0;
                if (!e || r >= e) return t;
                var i = (e - r) / 2;
                return $o(Vn(i), n) + t + $o(Pn(i), n);
              }),
              (hr.padEnd = function(t, e, n) {
                t = Bu(t);
                var r = (e = qu(e)) ? Nn(t) : 0;
                return e && r < e ? t + $o(e - r, n) : t;
              }),
              (hr.padStart = function(t, e, n) {
                t = Bu(t);
                var r = (e = qu(e)) ? Nn(t) : 0;
                return e && r < e ? $o(e - r, n) + t : t;
              }),
              (hr.parseInt = function(t, e, n) {
                return n || null == e ? (e = 0) : e && (e = +e), Kn(Bu(t).replace(Dt, ""), e || 0);
              }),
              (hr.random = function(t, e, n) {
                if (
                  (n && "boolean" != typeof n && Go(t, e, n) && (e = n = o),
                  n === o &&
                    ("boolean" == typeof e
                      ? ((n = e), (e = o))
                      : "boolean" == typeof t && ((n = t), (t = o))),
                  t === o && e === o
                    ? ((t = 0), (e = 1))
                    : ((t = Vu(t)), e === o ? ((e = t), (t = 0)) : (e = Vu(e))),
                  t > e)
                ) {
                  var r = t;
                  (t = e), (e = r);
                }
                if (n || t % 1 || e % 1) {
                  var i = Jn();
                  return Wn(t + i * (e - t + Te("1e-" + ((i + "").length - 1))), e);
                }
                return wi(t, e);
              }),
              (hr.reduce = function(t, e, n) {
                var r = gu(t) ? en : dn,
                  i = arguments.length < 3;
                return r(t, Io(e, 4), n, i, Vr);
              }),
              (hr.reduceRight = function(t, e, n) {
                var r = gu(t) ? nn : dn,
                  i = arguments.length < 3;
                return r(t, Io(e, 4), n, i, qr);
              }),
              (hr.repeat = function(t, e, n) {
                return (e = (n ? Go(t, e, n) : e === o) ? 1 : qu(e)), xi(Bu(t), e);
              }),
              (hr.replace = function() {
                var t = arguments,
                  e = Bu(t[0]);
                return t.length < 3 ? e : e.replace(t[1], t[2]);
              }),
              (hr.result = function(t, e, n) {
                var r = -1,
                  i = (e = Wi(e, t)).length;
                for (i || ((i = 1), (t = o)); ++r < i; ) {
                  var a = null == t ? o : t[ca(e[r])];
                  a === o && ((r = i), (a = n)), (t = _u(a) ? a.call(t) : a);
                }
                return t;
              }),
              (hr.round = Ks),
              (hr.runInContext = t),
              (hr.sample = function(t) {
                return (gu(t) ? Cr : Ci)(t);
              }),
              (hr.size = function(t) {
                if (null == t) return 0;
                if ($u(t)) return Mu(t) ? Nn(t) : t.length;
                var e = Fo(t);
                return e == Y || e == nt ? t.size : ci(t).length;
              }),
              (hr.snakeCase = ys),
              (hr.some = function(t, e, n) {
                var r = gu(t) ? rn : ji;
                return n && Go(t, e, n) && (e = o), r(t, Io(e, 3));
              }),
              (hr.sortedIndex = function(t, e) {
                return Ni(t, e);
              }),
              (hr.sortedIndexBy = function(t, e, n) {
                return Mi(t, e, Io(n, 2));
              }),
              (hr.sortedIndexOf = function(t, e) {
                var n = null == t ? 0 : t.length;
                if (n) {
                  var r = Ni(t, e);
                  if (r < n && pu(t[r], e)) return r;
                }
                return -1;
              }),
              (hr.sortedLastIndex = function(t, e) {
                return Ni(t, e, !0);
              }),
              (hr.sortedLastIndexBy = function(t, e, n) {
                return Mi(t, e, Io(n, 2), !0);
              }),
              (hr.sortedLastIndexOf = function(t, e) {
                if (null != t && t.length) {
                  var n = Ni(t, e, !0) - 1;
                  if (pu(t[n], e)) return n;
                }
                return -1;
              }),
              (hr.startCase = bs),
              (hr.startsWith = function(t, e, n) {
                return (
                  (t = Bu(t)),
                  (n = null == n ? 0 : Lr(qu(n), 0, t.length)),
                  (e = Ii(e)),
                  t.slice(n, n + e.length) == e
                );
              }),
              (hr.subtract = Js),
              (hr.sum = function(t) {
                return t && t.length ? vn(t, Ts) : 0;
              }),
              (hr.sumBy = function(t, e) {
                return t && t.length ? vn(t, Io(e, 2)) : 0;
              }),
              (hr.template = function(t, e, n) {
                var r = hr.templateSettings;
                n && Go(t, e, n) && (e = o), (t = Bu(t)), (e = Gu({}, e, r, Eo));
                var i,
                  a,
                  u = Gu({}, e.imports, r.imports, Eo),
                  s = rs(u),
                  c = $n(u, s),
                  l = 0,
                  f = e.interpolate || Yt,
                  p = "__p += '",
                  h = ee(
                    (e.escape || Yt).source +
                      "|" +
                      f.source +
                      "|" +
                      (f === At ? Ft : Yt).source +
                      "|" +
                      (e.evaluate || Yt).source +
                      "|$",
                    "g"
                  ),
                  d =
                    "//# sourceURL=" +
                    ("sourceURL" in e ? e.sourceURL : "lodash.templateSources[" + ++Se + "]") +
                    "\n";
                t.replace(h, function(e, n, r, o, u, s) {
                  return (
                    r || (r = o),
                    (p += t.slice(l, s).replace(Zt, Cn)),
                    n && ((i = !0), (p += "' +\n__e(" + n + ") +\n'")),
                    u && ((a = !0), (p += "';\n" + u + ";\n__p += '")),
                    r && (p += "' +\n((__t = (" + r + ")) == null ? '' : __t) +\n'"),
                    (l = s + e.length),
                    e
                  );
                }),
                  (p += "';\n");
                var v = e.variable;
                v || (p = "with (obj) {\n" + p + "\n}\n"),
                  (p = (a ? p.replace(yt, "") : p).replace(bt, "$1").replace(wt, "$1;")),
                  (p =
                    "function(" +
                    (v || "obj") +
                    ") {\n" +
                    (v ? "" : "obj || (obj = {});\n") +
                    "var __t, __p = ''" +
                    (i ? ", __e = _.escape" : "") +
                    (a
                      ? ", __j = Array.prototype.join;\nfunction print() { __p += __j.call(arguments, '') }\n"
                      : ";\n") +
                    p +
                    "return __p\n}");
                var g = Cs(function() {
                  return Xt(s, d + "return " + p).apply(o, c);
                });
                if (((g.source = p), xu(g))) throw g;
                return g;
              }),
              (hr.times = function(t, e) {
                if ((t = qu(t)) < 1 || t > L) return [];
                var n = R,
                  r = Wn(t, R);
                (e = Io(e)), (t -= R);
                for (var i = gn(r, e); ++n < t; ) e(n);
                return i;
              }),
              (hr.toFinite = Vu),
              (hr.toInteger = qu),
              (hr.toLength = Uu),
              (hr.toLower = function(t) {
                return Bu(t).toLowerCase();
              }),
              (hr.toNumber = Fu),
              (hr.toSafeInteger = function(t) {
                return t ? Lr(qu(t), -L, L) : 0 === t ? t : 0;
              }),
              (hr.toString = Bu),
              (hr.toUpper = function(t) {
                return Bu(t).toUpperCase();
              }),
              (hr.trim = function(t, e, n) {
                if ((t = Bu(t)) && (n || e === o)) return t.replace(Lt, "");
                if (!t || !(e = Ii(e))) return t;
                var r = Mn(t),
                  i = Mn(e);
                return Ki(r, bn(r, i), wn(r, i) + 1).join("");
              }),
              (hr.trimEnd = function(t, e, n) {
                if ((t = Bu(t)) && (n || e === o)) return t.replace(It, "");
                if (!t || !(e = Ii(e))) return t;
                var r = Mn(t);
                return Ki(r, 0, wn(r, Mn(e)) + 1).join("");
              }),
              (hr.trimStart = function(t, e, n) {
                if ((t = Bu(t)) && (n || e === o)) return t.replace(Dt, "");
                if (!t || !(e = Ii(e))) return t;
                var r = Mn(t);
                return Ki(r, bn(r, Mn(e))).join("");
              }),
              (hr.truncate = function(t, e) {
                var n = k,
                  r = A;
                if (Eu(e)) {
                  var i = "separator" in e ? e.separator : i;
                  (n = "length" in e ? qu(e.length) : n),
                    (r = "omission" in e ? Ii(e.omission) : r);
                }
                var a = (t = Bu(t)).length;
                if (Sn(t)) {
                  var u = Mn(t);
                  a = u.length;
                }
                if (n >= a) return t;
                var s = n - Nn(r);
                if (s < 1) return r;
                var c = u ? Ki(u, 0, s).join("") : t.slice(0, s);
                if (i === o) return c + r;
                if ((u && (s += c.length - s), ju(i))) {
                  if (t.slice(s).search(i)) {
                    var l,
                      f = c;
                    for (
                      i.global || (i = ee(i.source, Bu(Ht.exec(i)) + "g")), i.lastIndex = 0;
                      (l = i.exec(f));

                    )
                      var p = l.index;
                    c = c.slice(0, p === o ? s : p);
                  }
                } else if (t.indexOf(Ii(i), s) != s) {
                  var h = c.lastIndexOf(i);
                  h > -1 && (c = c.slice(0, h));
                }
                return c + r;
              }),
              (hr.unescape = function(t) {
                return (t = Bu(t)) && Ct.test(t) ? t.replace(xt, Ln) : t;
              }),
              (hr.uniqueId = function(t) {
                var e = ++le;
                return Bu(t) + e;
              }),
              (hr.upperCase = ws),
              (hr.upperFirst = xs),
              (hr.each = Ba),
              (hr.eachRight = za),
              (hr.first = $a),
              Ms(
                hr,
                (function() {
                  var t = {};
                  return (
                    Gr(hr, function(e, n) {
                      ce.call(hr.prototype, n) || (t[n] = e);
                    }),
                    t
                  );
                })(),
                { chain: !1 }
              ),
              (hr.VERSION = "4.17.10"),
              Ge(["bind", "bindKey", "curry", "curryRight", "partial", "partialRight"], function(
                t
              ) {
                hr[t].placeholder = hr;
              }),
              Ge(["drop", "take"], function(t, e) {
                (mr.prototype[t] = function(n) {
                  n = n === o ? 1 : zn(qu(n), 0);
                  var r = this.__filtered__ && !e ? new mr(this) : this.clone();
                  return (
                    r.__filtered__
                      ? (r.__takeCount__ = Wn(n, r.__takeCount__))
                      : r.__views__.push({
                          size: Wn(n, R),
                          type: t + (r.__dir__ < 0 ? "Right" : "")
                        }),
                    r
                  );
                }),
                  (mr.prototype[t + "Right"] = function(e) {
                    return this.reverse()
                      [t](e)
                      .reverse();
                  });
              }),
              Ge(["filter", "map", "takeWhile"], function(t, e) {
                var n = e + 1,
                  r = n == j || 3 == n;
                mr.prototype[t] = function(t) {
                  var e = this.clone();
                  return (
                    e.__iteratees__.push({ iteratee: Io(t, 3), type: n }),
                    (e.__filtered__ = e.__filtered__ || r),
                    e
                  );
                };
              }),
              Ge(["head", "last"], function(t, e) {
                var n = "take" + (e ? "Right" : "");
                mr.prototype[t] = function() {
                  return this[n](1).value()[0];
                };
              }),
              Ge(["initial", "tail"], function(t, e) {
                var n = "drop" + (e ? "" : "Right");
                mr.prototype[t] = function() {
                  return this.__filtered__ ? new mr(this) : this[n](1);
                };
              }),
              (mr.prototype.compact = function() {
                return this.filter(Ts);
              }),
              (mr.prototype.find = function(t) {
                return this.filter(t).head();
              }),
              (mr.prototype.findLast = function(t) {
                return this.reverse().find(t);
              }),
              (mr.prototype.invokeMap = _i(function(t, e) {
                return "function" == typeof t
                  ? new mr(this)
                  : this.map(function(n) {
                      return ri(n, t, e);
                    });
              })),
              (mr.prototype.reject = function(t) {
                return this.filter(uu(Io(t)));
              }),
              (mr.prototype.slice = function(t, e) {
                t = qu(t);
                var n = this;
                return n.__filtered__ && (t > 0 || e < 0)
                  ? new mr(n)
                  : (t < 0 ? (n = n.takeRight(-t)) : t && (n = n.drop(t)),
                    e !== o && (n = (e = qu(e)) < 0 ? n.dropRight(-e) : n.take(e - t)),
                    n);
              }),
              (mr.prototype.takeRightWhile = function(t) {
                return this.reverse()
                  .takeWhile(t)
                  .reverse();
              }),
              (mr.prototype.toArray = function() {
                return this.take(R);
              }),
              Gr(mr.prototype, function(t, e) {
                var n = /^(?:filter|find|map|reject)|While$/.test(e),
                  r = /^(?:head|last)$/.test(e),
                  i = hr[r ? "take" + ("last" == e ? "Right" : "") : e],
                  a = r || /^find/.test(e);
                i &&
                  (hr.prototype[e] = function() {
                    var e = this.__wrapped__,
                      u = r ? [1] : arguments,
                      s = e instanceof mr,
                      c = u[0],
                      l = s || gu(e),
                      f = function(t) {
                        var e = i.apply(hr, tn([t], u));
                        return r && p ? e[0] : e;
                      };
                    l && n && "function" == typeof c && 1 != c.length && (s = l = !1);
                    var p = this.__chain__,
                      h = !!this.__actions__.length,
                      d = a && !p,
                      v = s && !h;
                    if (!a && l) {
                      e = v ? e : new mr(this);
                      var g = t.apply(e, u);
                      return g.__actions__.push({ func: Va, args: [f], thisArg: o }), new gr(g, p);
                    }
                    return d && v
                      ? t.apply(this, u)
                      : ((g = this.thru(f)), d ? (r ? g.value()[0] : g.value()) : g);
                  });
              }),
              Ge(["pop", "push", "shift", "sort", "splice", "unshift"], function(t) {
                var e = ie[t],
                  n = /^(?:push|sort|unshift)$/.test(t) ? "tap" : "thru",
                  r = /^(?:pop|shift)$/.test(t);
                hr.prototype[t] = function() {
                  var t = arguments;
                  if (r && !this.__chain__) {
                    var i = this.value();
                    return e.apply(gu(i) ? i : [], t);
                  }
                  return this[n](function(n) {
                    return e.apply(gu(n) ? n : [], t);
                  });
                };
              }),
              Gr(mr.prototype, function(t, e) {
                var n = hr[e];
                if (n) {
                  var r = n.name + "";
                  (ir[r] || (ir[r] = [])).push({ name: e, func: n });
                }
              }),
              (ir[ho(o, $).name] = [{ name: "wrapper", func: o }]),
              (mr.prototype.clone = function() {
                var t = new mr(this.__wrapped__);
                return (
                  (t.__actions__ = no(this.__actions__)),
                  (t.__dir__ = this.__dir__),
                  (t.__filtered__ = this.__filtered__),
                  (t.__iteratees__ = no(this.__iteratees__)),
                  (t.__takeCount__ = this.__takeCount__),
                  (t.__views__ = no(this.__views__)),
                  t
                );
              }),
              (mr.prototype.reverse = function() {
                if (this.__filtered__) {
                  var t = new mr(this);
                  (t.__dir__ = -1), (t.__filtered__ = !0);
                } else (t = this.clone()).__dir__ *= -1;
                return t;
              }),
              (mr.prototype.value = function() {
                var t = this.__wrapped__.value(),
                  e = this.__dir__,
                  n = gu(t),
                  r = e < 0,
                  i = n ? t.length : 0,
                  o = (function(t, e, n) {
                    for (var r = -1, i = n.length; ++r < i; ) {
                      var o = n[r],
                        a = o.size;
                      switch (o.type) {
                        case "drop":
                          t += a;
                          break;
                        case "dropRight":
                          e -= a;
                          break;
                        case "take":
                          e = Wn(e, t + a);
                          break;
                        case "takeRight":
                          t = zn(t, e - a);
                      }
                    }
                    return { start: t, end: e };
                  })(0, i, this.__views__),
                  a = o.start,
                  u = o.end,
                  s = u - a,
                  c = r ? u : a - 1,
                  l = this.__iteratees__,
                  f = l.length,
                  p = 0,
                  h = Wn(s, this.__takeCount__);
                if (!n || (!r && i == s && h == s)) return Ui(t, this.__actions__);
                var d = [];
                t: for (; s-- && p < h; ) {
                  for (var v = -1, g = t[(c += e)]; ++v < f; ) {
                    var m = l[v],
                      $ = m.iteratee,
                      y = m.type,
                      b = $(g);
                    if (y == N) g = b;
                    else if (!b) {
                      if (y == j) continue t;
                      break t;
                    }
                  }
                  d[p++] = g;
                }
                return d;
              }),
              (hr.prototype.at = qa),
              (hr.prototype.chain = function() {
                return Pa(this);
              }),
              (hr.prototype.commit = function() {
                return new gr(this.value(), this.__chain__);
              }),
              (hr.prototype.next = function() {
                this.__values__ === o && (this.__values__ = Pu(this.value()));
                var t = this.__index__ >= this.__values__.length;
                return { done: t, value: t ? o : this.__values__[this.__index__++] };
              }),
              (hr.prototype.plant = function(t) {
                for (var e, n = this; n instanceof vr; ) {
                  var r = fa(n);
                  (r.__index__ = 0), (r.__values__ = o), e ? (i.__wrapped__ = r) : (e = r);
                  var i = r;
                  n = n.__wrapped__;
                }
                return (i.__wrapped__ = t), e;
              }),
              (hr.prototype.reverse = function() {
                var t = this.__wrapped__;
                if (t instanceof mr) {
                  var e = t;
                  return (
                    this.__actions__.length && (e = new mr(this)),
                    (e = e.reverse()).__actions__.push({ func: Va, args: [Ea], thisArg: o }),
                    new gr(e, this.__chain__)
                  );
                }
                return this.thru(Ea);
              }),
              (hr.prototype.toJSON = hr.prototype.valueOf = hr.prototype.value = function() {
                return Ui(this.__wrapped__, this.__actions__);
              }),
              (hr.prototype.first = hr.prototype.head),
              Re &&
                (hr.prototype[Re] = function() {
                  return this;
                }),
              hr
            );
          })();
          (Me._ = Dn),
            (i = function() {
              return Dn;
            }.call(e, n, e, r)) === o || (r.exports = i);
        }.call(this));
      }.call(this, n(38), n(39)(t)));
    }
  }
]);
