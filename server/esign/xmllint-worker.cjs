// A long-lived worker around xmllint-wasm's libxml2 build: the package starts a new worker and
// compiles the WebAssembly on every call (about 280 ms); here the compiled module is kept and each
// validation only instantiates it (a few ms). Messages: { id, inputFiles, args } -> { id, exitCode, stderr }.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS worker script, loaded by path */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { parentPort } = require('node:worker_threads');
const Module = require('xmllint-wasm/xmllint-node.js');

const wasmPath = path.join(path.dirname(require.resolve('xmllint-wasm/xmllint-node.js')), 'xmllint.wasm');
const compiled = WebAssembly.compile(fs.readFileSync(wasmPath));

parentPort.on('message', async (message) => {
  if (!message || message.plantel !== true) return;
  const compiledModule = await compiled;
  let stderr = '';
  let done = false;
  const finish = (exitCode) => {
    if (done) return;
    done = true;
    parentPort.postMessage({ plantel: true, id: message.id, exitCode, stderr });
  };
  try {
    await Module({
      inputFiles: message.inputFiles,
      arguments: message.args,
      print() {},
      printErr(text) {
        stderr += text + '\n';
      },
      onExit: finish,
      onAbort(reason) {
        stderr += 'WASM Abort: ' + reason;
        finish(-1);
      },
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: 4096 }),
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(compiledModule, imports).then((instance) => receive(instance, compiledModule));
        return {};
      },
    });
  } catch (error) {
    // xmllint ends by calling exit(); emscripten throws ExitStatus after onExit ran.
    if (!done) {
      stderr += String(error && error.message ? error.message : error);
      finish(-1);
    }
  }
});
