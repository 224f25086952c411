/* Voila only; loaded in the head, before Voila's scripts. Mends a race in the widget renderer
   (@jupyter-widgets/jupyterlab-manager 5): a widget output looks its model up while the widget
   manager is still restoring the page's widgets from the kernel; when the restore ends between
   that failed look-up and the renderer's check of "restored", the output says "Error displaying
   widget: model not found" although the model is there a moment later, and the renderer's own
   retry (on the restore's end) has already passed. Warm pages (class mode) hit it: their kernel
   answers at once, while the browser is still drawing the outputs. Here a renderer whose model is
   missing while a restore is under way waits for that restore to end, then looks again.

   The renderer class is patched as its module is handed out (the module containers of
   window._JUPYTERLAB and the scope they share), before anything uses it. If this version of the
   renderer lacks what is patched, nothing is changed (and window.cardkitRendererMended stays unset,
   which the browser tests check). */
(function () {
  "use strict";
  var MANAGER = "@jupyter-widgets/jupyterlab-manager";

  function patchRenderer(module) {
    var Renderer = module && module.WidgetRenderer;
    var proto = Renderer && Renderer.prototype;
    if (!proto || typeof proto.renderModel !== "function" || proto.cardkitWaitsForRestore) return;
    var render = proto.renderModel;
    proto.renderModel = async function (model) {
      this.node.textContent = "Loading widget...";
      try {
        var manager = this._manager && await this._manager.promise;
        var view = (model && model.data && model.data[this.mimeType]) || {};
        if (manager && view.model_id && manager._kernelRestoreInProgress && manager.restored &&
            typeof manager.has_model === "function" && !manager.has_model(view.model_id)) {
          await new Promise(function (resolve) {
            function restored() { manager.restored.disconnect(restored); resolve(); }
            manager.restored.connect(restored);
          });
        }
      } catch (e) {
        /* anything unexpected: draw as the renderer would have */
      }
      return render.call(this, model);
    };
    proto.cardkitWaitsForRestore = true;
    window.cardkitRendererMended = true;      // for the tests: this version of the renderer was found
  }

  // A factory as webpack hands modules out: the module it makes is patched before anyone uses it.
  function patchedFactory(factory) {
    if (typeof factory !== "function" || factory.cardkitPatches) return factory;
    var made = function () {
      var module = factory.apply(this, arguments);
      patchRenderer(module);
      return module;
    };
    made.cardkitPatches = true;
    return made;
  }

  function patchedGetter(get) {
    if (typeof get !== "function" || get.cardkitPatches) return get;
    var made = function () {
      return Promise.resolve(get.apply(this, arguments)).then(patchedFactory);
    };
    made.cardkitPatches = true;
    return made;
  }

  // The widget manager's module reaches Voila either from its container (get) or through the shared
  // scope that every container's init fills (each version's get): both hand out patched modules.
  // A container's own properties are read-only: it is replaced by one that forwards to it.
  function watched(container, isManager) {
    if (!container || typeof container.init !== "function" || typeof container.get !== "function") return container;
    return {
      get: isManager ? patchedGetter(container.get.bind(container)) : container.get.bind(container),
      init: function (scope) {
        return Promise.resolve(container.init.apply(container, arguments)).then(function (result) {
          var versions = scope && scope[MANAGER];
          Object.keys(versions || {}).forEach(function (version) {
            var entry = versions[version];
            if (entry && typeof entry.get === "function") entry.get = patchedGetter(entry.get);
          });
          return result;
        });
      }
    };
  }

  if (typeof window.Proxy !== "function" || window._JUPYTERLAB !== undefined) return;
  // The containers' own scripts do `(_JUPYTERLAB = _JUPYTERLAB || {})[name] = container`.
  window._JUPYTERLAB = new Proxy({}, {
    set: function (target, name, value) {
      target[name] = watched(value, name === MANAGER);
      return true;
    }
  });
})();
