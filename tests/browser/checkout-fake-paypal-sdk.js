// A stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served by the browser tests
// through page.route instead of PayPal's script. It implements the part of
// window.paypal.Buttons(...) that @paypal/react-paypal-js and the checkout use: render puts a
// plain button in the container; pressing it runs onClick, then createOrder, then what the
// buyer does in PayPal's window, as the test asks through window.__fakePayPal:
//   approve: 'approve' (default) → onApprove({ orderID }, actions), 'cancel' → onCancel,
//            'error' → onError (PayPal's window failing).
// actions.restart() (after a declined card) makes the next press approve the same order again
// without creating a new one, as PayPal's reopened window does. Every step is logged in
// window.__fakePayPal.events.
(() => {
  const state = (window.__fakePayPal = window.__fakePayPal || { approve: 'approve', events: [] });
  const log = (event) => state.events.push(event);

  function Buttons(options) {
    let container = null;
    let button = null;
    let restartedOrder = null;
    let busy = false;

    async function press() {
      if (busy || button.disabled) return;
      busy = true;
      try {
        await pay();
      } finally {
        busy = false;
      }
    }

    async function pay() {
      log('click');
      if (options.onClick) {
        let allowed = true;
        await options.onClick(
          { fundingSource: 'paypal' },
          {
            resolve: async () => {
              allowed = true;
            },
            reject: async () => {
              allowed = false;
            },
          },
        );
        if (!allowed) return log('click-rejected');
      }
      let orderID = restartedOrder;
      restartedOrder = null;
      if (!orderID) {
        try {
          orderID = await options.createOrder({ paymentSource: 'paypal' }, { order: { create: () => Promise.reject(new Error('not supported by the fake')) } });
        } catch (error) {
          log('create-failed');
          return options.onError && options.onError(error);
        }
        if (typeof orderID !== 'string' || orderID === '') {
          log('create-invalid');
          return options.onError && options.onError(new Error('Expected an order id to be passed'));
        }
        log(`created:${orderID}`);
      } else {
        log(`reopened:${orderID}`);
      }
      const outcome = state.approve;
      if (outcome === 'cancel') {
        log(`cancel:${orderID}`);
        return options.onCancel && options.onCancel({ orderID }, { redirect() {} });
      }
      if (outcome === 'error') {
        log(`window-error:${orderID}`);
        return options.onError && options.onError(new Error('fake PayPal window failed'));
      }
      let restarted = false;
      try {
        await options.onApprove(
          { orderID, payerID: 'FAKEPAYER', facilitatorAccessToken: 'fake' },
          {
            restart: () => {
              restarted = true;
            },
            redirect() {},
            order: { capture: () => Promise.reject(new Error('capture on the server')) },
          },
        );
      } catch (error) {
        log(`approve-failed:${orderID}`);
        return options.onError && options.onError(error);
      }
      if (restarted) {
        restartedOrder = orderID;
        log(`restart:${orderID}`);
      } else {
        log(`approved:${orderID}`);
      }
    }

    return {
      isEligible: () => true,
      render(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('fake PayPal: no container'));
        button = document.createElement('button');
        button.type = 'button';
        button.className = 'fake-paypal-button';
        button.textContent = 'PayPal';
        button.dataset.style = JSON.stringify(options.style || {});
        button.addEventListener('click', () => void press());
        container.appendChild(button);
        log('render');
        if (options.onInit) {
          options.onInit(
            {},
            {
              enable: async () => {
                button.disabled = false;
              },
              disable: async () => {
                button.disabled = true;
              },
            },
          );
        }
        return Promise.resolve();
      },
      close() {
        if (container && button && button.parentNode === container) container.removeChild(button);
        log('close');
        return Promise.resolve();
      },
      updateProps: () => Promise.resolve(),
      resume() {},
      hasReturned: () => false,
    };
  }

  window.paypal = { Buttons, FUNDING: { PAYPAL: 'paypal' }, version: 'fake' };
  log('loaded');
})();
