/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const tercio = $root.tercio = (() => {

    /**
     * Namespace tercio.
     * @exports tercio
     * @namespace
     */
    const tercio = {};

    tercio.v1 = (function() {

        /**
         * Namespace v1.
         * @memberof tercio
         * @namespace
         */
        const v1 = {};

        v1.Envelope = (function() {

            /**
             * Properties of an Envelope.
             * @memberof tercio.v1
             * @interface IEnvelope
             * @property {number|null} [id] Envelope id
             * @property {tercio.v1.IHello|null} [hello] Envelope hello
             * @property {tercio.v1.IWelcome|null} [welcome] Envelope welcome
             * @property {tercio.v1.IMakeEnvs|null} [makeEnvs] Envelope makeEnvs
             * @property {tercio.v1.IEnvSpec|null} [envSpec] Envelope envSpec
             * @property {tercio.v1.IReset|null} [reset] Envelope reset
             * @property {tercio.v1.IStep|null} [step] Envelope step
             * @property {tercio.v1.IBatch|null} [batch] Envelope batch
             * @property {tercio.v1.ICloseEnvs|null} [closeEnvs] Envelope closeEnvs
             * @property {tercio.v1.IClosed|null} [closed] Envelope closed
             * @property {tercio.v1.IRender|null} [render] Envelope render
             * @property {tercio.v1.IFrame|null} [frame] Envelope frame
             * @property {tercio.v1.IError|null} [error] Envelope error
             * @property {tercio.v1.IObserve|null} [observe] Envelope observe
             * @property {tercio.v1.IObservation|null} [observation] Envelope observation
             */

            /**
             * Constructs a new Envelope.
             * @memberof tercio.v1
             * @classdesc Represents an Envelope.
             * @implements IEnvelope
             * @constructor
             * @param {tercio.v1.IEnvelope=} [properties] Properties to set
             */
            function Envelope(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Envelope id.
             * @member {number} id
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.id = 0;

            /**
             * Envelope hello.
             * @member {tercio.v1.IHello|null|undefined} hello
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.hello = null;

            /**
             * Envelope welcome.
             * @member {tercio.v1.IWelcome|null|undefined} welcome
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.welcome = null;

            /**
             * Envelope makeEnvs.
             * @member {tercio.v1.IMakeEnvs|null|undefined} makeEnvs
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.makeEnvs = null;

            /**
             * Envelope envSpec.
             * @member {tercio.v1.IEnvSpec|null|undefined} envSpec
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.envSpec = null;

            /**
             * Envelope reset.
             * @member {tercio.v1.IReset|null|undefined} reset
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.reset = null;

            /**
             * Envelope step.
             * @member {tercio.v1.IStep|null|undefined} step
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.step = null;

            /**
             * Envelope batch.
             * @member {tercio.v1.IBatch|null|undefined} batch
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.batch = null;

            /**
             * Envelope closeEnvs.
             * @member {tercio.v1.ICloseEnvs|null|undefined} closeEnvs
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.closeEnvs = null;

            /**
             * Envelope closed.
             * @member {tercio.v1.IClosed|null|undefined} closed
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.closed = null;

            /**
             * Envelope render.
             * @member {tercio.v1.IRender|null|undefined} render
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.render = null;

            /**
             * Envelope frame.
             * @member {tercio.v1.IFrame|null|undefined} frame
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.frame = null;

            /**
             * Envelope error.
             * @member {tercio.v1.IError|null|undefined} error
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.error = null;

            /**
             * Envelope observe.
             * @member {tercio.v1.IObserve|null|undefined} observe
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.observe = null;

            /**
             * Envelope observation.
             * @member {tercio.v1.IObservation|null|undefined} observation
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Envelope.prototype.observation = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * Envelope kind.
             * @member {"hello"|"welcome"|"makeEnvs"|"envSpec"|"reset"|"step"|"batch"|"closeEnvs"|"closed"|"render"|"frame"|"error"|"observe"|"observation"|undefined} kind
             * @memberof tercio.v1.Envelope
             * @instance
             */
            Object.defineProperty(Envelope.prototype, "kind", {
                get: $util.oneOfGetter($oneOfFields = ["hello", "welcome", "makeEnvs", "envSpec", "reset", "step", "batch", "closeEnvs", "closed", "render", "frame", "error", "observe", "observation"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new Envelope instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Envelope
             * @static
             * @param {tercio.v1.IEnvelope=} [properties] Properties to set
             * @returns {tercio.v1.Envelope} Envelope instance
             */
            Envelope.create = function create(properties) {
                return new Envelope(properties);
            };

            /**
             * Encodes the specified Envelope message. Does not implicitly {@link tercio.v1.Envelope.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Envelope
             * @static
             * @param {tercio.v1.IEnvelope} message Envelope message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Envelope.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.id);
                if (message.hello != null && Object.hasOwnProperty.call(message, "hello"))
                    $root.tercio.v1.Hello.encode(message.hello, writer.uint32(/* id 10, wireType 2 =*/82).fork(), q + 1).ldelim();
                if (message.welcome != null && Object.hasOwnProperty.call(message, "welcome"))
                    $root.tercio.v1.Welcome.encode(message.welcome, writer.uint32(/* id 11, wireType 2 =*/90).fork(), q + 1).ldelim();
                if (message.makeEnvs != null && Object.hasOwnProperty.call(message, "makeEnvs"))
                    $root.tercio.v1.MakeEnvs.encode(message.makeEnvs, writer.uint32(/* id 12, wireType 2 =*/98).fork(), q + 1).ldelim();
                if (message.envSpec != null && Object.hasOwnProperty.call(message, "envSpec"))
                    $root.tercio.v1.EnvSpec.encode(message.envSpec, writer.uint32(/* id 13, wireType 2 =*/106).fork(), q + 1).ldelim();
                if (message.reset != null && Object.hasOwnProperty.call(message, "reset"))
                    $root.tercio.v1.Reset.encode(message.reset, writer.uint32(/* id 14, wireType 2 =*/114).fork(), q + 1).ldelim();
                if (message.step != null && Object.hasOwnProperty.call(message, "step"))
                    $root.tercio.v1.Step.encode(message.step, writer.uint32(/* id 15, wireType 2 =*/122).fork(), q + 1).ldelim();
                if (message.batch != null && Object.hasOwnProperty.call(message, "batch"))
                    $root.tercio.v1.Batch.encode(message.batch, writer.uint32(/* id 16, wireType 2 =*/130).fork(), q + 1).ldelim();
                if (message.closeEnvs != null && Object.hasOwnProperty.call(message, "closeEnvs"))
                    $root.tercio.v1.CloseEnvs.encode(message.closeEnvs, writer.uint32(/* id 17, wireType 2 =*/138).fork(), q + 1).ldelim();
                if (message.closed != null && Object.hasOwnProperty.call(message, "closed"))
                    $root.tercio.v1.Closed.encode(message.closed, writer.uint32(/* id 18, wireType 2 =*/146).fork(), q + 1).ldelim();
                if (message.render != null && Object.hasOwnProperty.call(message, "render"))
                    $root.tercio.v1.Render.encode(message.render, writer.uint32(/* id 19, wireType 2 =*/154).fork(), q + 1).ldelim();
                if (message.frame != null && Object.hasOwnProperty.call(message, "frame"))
                    $root.tercio.v1.Frame.encode(message.frame, writer.uint32(/* id 20, wireType 2 =*/162).fork(), q + 1).ldelim();
                if (message.error != null && Object.hasOwnProperty.call(message, "error"))
                    $root.tercio.v1.Error.encode(message.error, writer.uint32(/* id 21, wireType 2 =*/170).fork(), q + 1).ldelim();
                if (message.observe != null && Object.hasOwnProperty.call(message, "observe"))
                    $root.tercio.v1.Observe.encode(message.observe, writer.uint32(/* id 22, wireType 2 =*/178).fork(), q + 1).ldelim();
                if (message.observation != null && Object.hasOwnProperty.call(message, "observation"))
                    $root.tercio.v1.Observation.encode(message.observation, writer.uint32(/* id 23, wireType 2 =*/186).fork(), q + 1).ldelim();
                return writer;
            };

            /**
             * Decodes an Envelope message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Envelope
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Envelope} Envelope
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Envelope.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Envelope();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.id = reader.uint32();
                            break;
                        }
                    case 10: {
                            message.hello = $root.tercio.v1.Hello.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 11: {
                            message.welcome = $root.tercio.v1.Welcome.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 12: {
                            message.makeEnvs = $root.tercio.v1.MakeEnvs.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 13: {
                            message.envSpec = $root.tercio.v1.EnvSpec.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 14: {
                            message.reset = $root.tercio.v1.Reset.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 15: {
                            message.step = $root.tercio.v1.Step.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 16: {
                            message.batch = $root.tercio.v1.Batch.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 17: {
                            message.closeEnvs = $root.tercio.v1.CloseEnvs.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 18: {
                            message.closed = $root.tercio.v1.Closed.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 19: {
                            message.render = $root.tercio.v1.Render.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 20: {
                            message.frame = $root.tercio.v1.Frame.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 21: {
                            message.error = $root.tercio.v1.Error.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 22: {
                            message.observe = $root.tercio.v1.Observe.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    case 23: {
                            message.observation = $root.tercio.v1.Observation.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an Envelope message.
             * @function verify
             * @memberof tercio.v1.Envelope
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Envelope.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                let properties = {};
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    if (!$util.isInteger(message.id))
                        return "id: integer expected";
                if (message.hello != null && Object.hasOwnProperty.call(message, "hello")) {
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Hello.verify(message.hello, long + 1);
                        if (error)
                            return "hello." + error;
                    }
                }
                if (message.welcome != null && Object.hasOwnProperty.call(message, "welcome")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Welcome.verify(message.welcome, long + 1);
                        if (error)
                            return "welcome." + error;
                    }
                }
                if (message.makeEnvs != null && Object.hasOwnProperty.call(message, "makeEnvs")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.MakeEnvs.verify(message.makeEnvs, long + 1);
                        if (error)
                            return "makeEnvs." + error;
                    }
                }
                if (message.envSpec != null && Object.hasOwnProperty.call(message, "envSpec")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.EnvSpec.verify(message.envSpec, long + 1);
                        if (error)
                            return "envSpec." + error;
                    }
                }
                if (message.reset != null && Object.hasOwnProperty.call(message, "reset")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Reset.verify(message.reset, long + 1);
                        if (error)
                            return "reset." + error;
                    }
                }
                if (message.step != null && Object.hasOwnProperty.call(message, "step")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Step.verify(message.step, long + 1);
                        if (error)
                            return "step." + error;
                    }
                }
                if (message.batch != null && Object.hasOwnProperty.call(message, "batch")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Batch.verify(message.batch, long + 1);
                        if (error)
                            return "batch." + error;
                    }
                }
                if (message.closeEnvs != null && Object.hasOwnProperty.call(message, "closeEnvs")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.CloseEnvs.verify(message.closeEnvs, long + 1);
                        if (error)
                            return "closeEnvs." + error;
                    }
                }
                if (message.closed != null && Object.hasOwnProperty.call(message, "closed")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Closed.verify(message.closed, long + 1);
                        if (error)
                            return "closed." + error;
                    }
                }
                if (message.render != null && Object.hasOwnProperty.call(message, "render")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Render.verify(message.render, long + 1);
                        if (error)
                            return "render." + error;
                    }
                }
                if (message.frame != null && Object.hasOwnProperty.call(message, "frame")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Frame.verify(message.frame, long + 1);
                        if (error)
                            return "frame." + error;
                    }
                }
                if (message.error != null && Object.hasOwnProperty.call(message, "error")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Error.verify(message.error, long + 1);
                        if (error)
                            return "error." + error;
                    }
                }
                if (message.observe != null && Object.hasOwnProperty.call(message, "observe")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Observe.verify(message.observe, long + 1);
                        if (error)
                            return "observe." + error;
                    }
                }
                if (message.observation != null && Object.hasOwnProperty.call(message, "observation")) {
                    if (properties.kind === 1)
                        return "kind: multiple values";
                    properties.kind = 1;
                    {
                        let error = $root.tercio.v1.Observation.verify(message.observation, long + 1);
                        if (error)
                            return "observation." + error;
                    }
                }
                return null;
            };

            /**
             * Creates an Envelope message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Envelope
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Envelope} Envelope
             */
            Envelope.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Envelope)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Envelope: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Envelope();
                if (object.id != null)
                    message.id = object.id >>> 0;
                if (object.hello != null) {
                    if (!$util.isObject(object.hello))
                        throw TypeError(".tercio.v1.Envelope.hello: object expected");
                    message.hello = $root.tercio.v1.Hello.fromObject(object.hello, long + 1);
                }
                if (object.welcome != null) {
                    if (!$util.isObject(object.welcome))
                        throw TypeError(".tercio.v1.Envelope.welcome: object expected");
                    message.welcome = $root.tercio.v1.Welcome.fromObject(object.welcome, long + 1);
                }
                if (object.makeEnvs != null) {
                    if (!$util.isObject(object.makeEnvs))
                        throw TypeError(".tercio.v1.Envelope.makeEnvs: object expected");
                    message.makeEnvs = $root.tercio.v1.MakeEnvs.fromObject(object.makeEnvs, long + 1);
                }
                if (object.envSpec != null) {
                    if (!$util.isObject(object.envSpec))
                        throw TypeError(".tercio.v1.Envelope.envSpec: object expected");
                    message.envSpec = $root.tercio.v1.EnvSpec.fromObject(object.envSpec, long + 1);
                }
                if (object.reset != null) {
                    if (!$util.isObject(object.reset))
                        throw TypeError(".tercio.v1.Envelope.reset: object expected");
                    message.reset = $root.tercio.v1.Reset.fromObject(object.reset, long + 1);
                }
                if (object.step != null) {
                    if (!$util.isObject(object.step))
                        throw TypeError(".tercio.v1.Envelope.step: object expected");
                    message.step = $root.tercio.v1.Step.fromObject(object.step, long + 1);
                }
                if (object.batch != null) {
                    if (!$util.isObject(object.batch))
                        throw TypeError(".tercio.v1.Envelope.batch: object expected");
                    message.batch = $root.tercio.v1.Batch.fromObject(object.batch, long + 1);
                }
                if (object.closeEnvs != null) {
                    if (!$util.isObject(object.closeEnvs))
                        throw TypeError(".tercio.v1.Envelope.closeEnvs: object expected");
                    message.closeEnvs = $root.tercio.v1.CloseEnvs.fromObject(object.closeEnvs, long + 1);
                }
                if (object.closed != null) {
                    if (!$util.isObject(object.closed))
                        throw TypeError(".tercio.v1.Envelope.closed: object expected");
                    message.closed = $root.tercio.v1.Closed.fromObject(object.closed, long + 1);
                }
                if (object.render != null) {
                    if (!$util.isObject(object.render))
                        throw TypeError(".tercio.v1.Envelope.render: object expected");
                    message.render = $root.tercio.v1.Render.fromObject(object.render, long + 1);
                }
                if (object.frame != null) {
                    if (!$util.isObject(object.frame))
                        throw TypeError(".tercio.v1.Envelope.frame: object expected");
                    message.frame = $root.tercio.v1.Frame.fromObject(object.frame, long + 1);
                }
                if (object.error != null) {
                    if (!$util.isObject(object.error))
                        throw TypeError(".tercio.v1.Envelope.error: object expected");
                    message.error = $root.tercio.v1.Error.fromObject(object.error, long + 1);
                }
                if (object.observe != null) {
                    if (!$util.isObject(object.observe))
                        throw TypeError(".tercio.v1.Envelope.observe: object expected");
                    message.observe = $root.tercio.v1.Observe.fromObject(object.observe, long + 1);
                }
                if (object.observation != null) {
                    if (!$util.isObject(object.observation))
                        throw TypeError(".tercio.v1.Envelope.observation: object expected");
                    message.observation = $root.tercio.v1.Observation.fromObject(object.observation, long + 1);
                }
                return message;
            };

            /**
             * Creates a plain object from an Envelope message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Envelope
             * @static
             * @param {tercio.v1.Envelope} message Envelope
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Envelope.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults)
                    object.id = 0;
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    object.id = message.id;
                if (message.hello != null && Object.hasOwnProperty.call(message, "hello")) {
                    object.hello = $root.tercio.v1.Hello.toObject(message.hello, options, q + 1);
                    if (options.oneofs)
                        object.kind = "hello";
                }
                if (message.welcome != null && Object.hasOwnProperty.call(message, "welcome")) {
                    object.welcome = $root.tercio.v1.Welcome.toObject(message.welcome, options, q + 1);
                    if (options.oneofs)
                        object.kind = "welcome";
                }
                if (message.makeEnvs != null && Object.hasOwnProperty.call(message, "makeEnvs")) {
                    object.makeEnvs = $root.tercio.v1.MakeEnvs.toObject(message.makeEnvs, options, q + 1);
                    if (options.oneofs)
                        object.kind = "makeEnvs";
                }
                if (message.envSpec != null && Object.hasOwnProperty.call(message, "envSpec")) {
                    object.envSpec = $root.tercio.v1.EnvSpec.toObject(message.envSpec, options, q + 1);
                    if (options.oneofs)
                        object.kind = "envSpec";
                }
                if (message.reset != null && Object.hasOwnProperty.call(message, "reset")) {
                    object.reset = $root.tercio.v1.Reset.toObject(message.reset, options, q + 1);
                    if (options.oneofs)
                        object.kind = "reset";
                }
                if (message.step != null && Object.hasOwnProperty.call(message, "step")) {
                    object.step = $root.tercio.v1.Step.toObject(message.step, options, q + 1);
                    if (options.oneofs)
                        object.kind = "step";
                }
                if (message.batch != null && Object.hasOwnProperty.call(message, "batch")) {
                    object.batch = $root.tercio.v1.Batch.toObject(message.batch, options, q + 1);
                    if (options.oneofs)
                        object.kind = "batch";
                }
                if (message.closeEnvs != null && Object.hasOwnProperty.call(message, "closeEnvs")) {
                    object.closeEnvs = $root.tercio.v1.CloseEnvs.toObject(message.closeEnvs, options, q + 1);
                    if (options.oneofs)
                        object.kind = "closeEnvs";
                }
                if (message.closed != null && Object.hasOwnProperty.call(message, "closed")) {
                    object.closed = $root.tercio.v1.Closed.toObject(message.closed, options, q + 1);
                    if (options.oneofs)
                        object.kind = "closed";
                }
                if (message.render != null && Object.hasOwnProperty.call(message, "render")) {
                    object.render = $root.tercio.v1.Render.toObject(message.render, options, q + 1);
                    if (options.oneofs)
                        object.kind = "render";
                }
                if (message.frame != null && Object.hasOwnProperty.call(message, "frame")) {
                    object.frame = $root.tercio.v1.Frame.toObject(message.frame, options, q + 1);
                    if (options.oneofs)
                        object.kind = "frame";
                }
                if (message.error != null && Object.hasOwnProperty.call(message, "error")) {
                    object.error = $root.tercio.v1.Error.toObject(message.error, options, q + 1);
                    if (options.oneofs)
                        object.kind = "error";
                }
                if (message.observe != null && Object.hasOwnProperty.call(message, "observe")) {
                    object.observe = $root.tercio.v1.Observe.toObject(message.observe, options, q + 1);
                    if (options.oneofs)
                        object.kind = "observe";
                }
                if (message.observation != null && Object.hasOwnProperty.call(message, "observation")) {
                    object.observation = $root.tercio.v1.Observation.toObject(message.observation, options, q + 1);
                    if (options.oneofs)
                        object.kind = "observation";
                }
                return object;
            };

            /**
             * Converts this Envelope to JSON.
             * @function toJSON
             * @memberof tercio.v1.Envelope
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Envelope.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Envelope;
        })();

        v1.Hello = (function() {

            /**
             * Properties of a Hello.
             * @memberof tercio.v1
             * @interface IHello
             * @property {number|null} [protocolVersion] Hello protocolVersion
             * @property {string|null} [clientName] Hello clientName
             * @property {string|null} [token] Hello token
             */

            /**
             * Constructs a new Hello.
             * @memberof tercio.v1
             * @classdesc Represents a Hello.
             * @implements IHello
             * @constructor
             * @param {tercio.v1.IHello=} [properties] Properties to set
             */
            function Hello(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Hello protocolVersion.
             * @member {number} protocolVersion
             * @memberof tercio.v1.Hello
             * @instance
             */
            Hello.prototype.protocolVersion = 0;

            /**
             * Hello clientName.
             * @member {string} clientName
             * @memberof tercio.v1.Hello
             * @instance
             */
            Hello.prototype.clientName = "";

            /**
             * Hello token.
             * @member {string} token
             * @memberof tercio.v1.Hello
             * @instance
             */
            Hello.prototype.token = "";

            /**
             * Creates a new Hello instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Hello
             * @static
             * @param {tercio.v1.IHello=} [properties] Properties to set
             * @returns {tercio.v1.Hello} Hello instance
             */
            Hello.create = function create(properties) {
                return new Hello(properties);
            };

            /**
             * Encodes the specified Hello message. Does not implicitly {@link tercio.v1.Hello.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Hello
             * @static
             * @param {tercio.v1.IHello} message Hello message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Hello.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.protocolVersion != null && Object.hasOwnProperty.call(message, "protocolVersion"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.protocolVersion);
                if (message.clientName != null && Object.hasOwnProperty.call(message, "clientName"))
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.clientName);
                if (message.token != null && Object.hasOwnProperty.call(message, "token"))
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.token);
                return writer;
            };

            /**
             * Decodes a Hello message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Hello
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Hello} Hello
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Hello.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Hello();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.protocolVersion = reader.uint32();
                            break;
                        }
                    case 2: {
                            message.clientName = reader.string();
                            break;
                        }
                    case 3: {
                            message.token = reader.string();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Hello message.
             * @function verify
             * @memberof tercio.v1.Hello
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Hello.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.protocolVersion != null && Object.hasOwnProperty.call(message, "protocolVersion"))
                    if (!$util.isInteger(message.protocolVersion))
                        return "protocolVersion: integer expected";
                if (message.clientName != null && Object.hasOwnProperty.call(message, "clientName"))
                    if (!$util.isString(message.clientName))
                        return "clientName: string expected";
                if (message.token != null && Object.hasOwnProperty.call(message, "token"))
                    if (!$util.isString(message.token))
                        return "token: string expected";
                return null;
            };

            /**
             * Creates a Hello message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Hello
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Hello} Hello
             */
            Hello.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Hello)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Hello: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Hello();
                if (object.protocolVersion != null)
                    message.protocolVersion = object.protocolVersion >>> 0;
                if (object.clientName != null)
                    message.clientName = String(object.clientName);
                if (object.token != null)
                    message.token = String(object.token);
                return message;
            };

            /**
             * Creates a plain object from a Hello message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Hello
             * @static
             * @param {tercio.v1.Hello} message Hello
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Hello.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.protocolVersion = 0;
                    object.clientName = "";
                    object.token = "";
                }
                if (message.protocolVersion != null && Object.hasOwnProperty.call(message, "protocolVersion"))
                    object.protocolVersion = message.protocolVersion;
                if (message.clientName != null && Object.hasOwnProperty.call(message, "clientName"))
                    object.clientName = message.clientName;
                if (message.token != null && Object.hasOwnProperty.call(message, "token"))
                    object.token = message.token;
                return object;
            };

            /**
             * Converts this Hello to JSON.
             * @function toJSON
             * @memberof tercio.v1.Hello
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Hello.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Hello;
        })();

        v1.RulesetInfo = (function() {

            /**
             * Properties of a RulesetInfo.
             * @memberof tercio.v1
             * @interface IRulesetInfo
             * @property {string|null} [id] RulesetInfo id
             * @property {string|null} [name] RulesetInfo name
             */

            /**
             * Constructs a new RulesetInfo.
             * @memberof tercio.v1
             * @classdesc Represents a RulesetInfo.
             * @implements IRulesetInfo
             * @constructor
             * @param {tercio.v1.IRulesetInfo=} [properties] Properties to set
             */
            function RulesetInfo(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * RulesetInfo id.
             * @member {string} id
             * @memberof tercio.v1.RulesetInfo
             * @instance
             */
            RulesetInfo.prototype.id = "";

            /**
             * RulesetInfo name.
             * @member {string} name
             * @memberof tercio.v1.RulesetInfo
             * @instance
             */
            RulesetInfo.prototype.name = "";

            /**
             * Creates a new RulesetInfo instance using the specified properties.
             * @function create
             * @memberof tercio.v1.RulesetInfo
             * @static
             * @param {tercio.v1.IRulesetInfo=} [properties] Properties to set
             * @returns {tercio.v1.RulesetInfo} RulesetInfo instance
             */
            RulesetInfo.create = function create(properties) {
                return new RulesetInfo(properties);
            };

            /**
             * Encodes the specified RulesetInfo message. Does not implicitly {@link tercio.v1.RulesetInfo.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.RulesetInfo
             * @static
             * @param {tercio.v1.IRulesetInfo} message RulesetInfo message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            RulesetInfo.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.id);
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.name);
                return writer;
            };

            /**
             * Decodes a RulesetInfo message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.RulesetInfo
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.RulesetInfo} RulesetInfo
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            RulesetInfo.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.RulesetInfo();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.id = reader.string();
                            break;
                        }
                    case 2: {
                            message.name = reader.string();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a RulesetInfo message.
             * @function verify
             * @memberof tercio.v1.RulesetInfo
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            RulesetInfo.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    if (!$util.isString(message.id))
                        return "id: string expected";
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    if (!$util.isString(message.name))
                        return "name: string expected";
                return null;
            };

            /**
             * Creates a RulesetInfo message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.RulesetInfo
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.RulesetInfo} RulesetInfo
             */
            RulesetInfo.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.RulesetInfo)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.RulesetInfo: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.RulesetInfo();
                if (object.id != null)
                    message.id = String(object.id);
                if (object.name != null)
                    message.name = String(object.name);
                return message;
            };

            /**
             * Creates a plain object from a RulesetInfo message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.RulesetInfo
             * @static
             * @param {tercio.v1.RulesetInfo} message RulesetInfo
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            RulesetInfo.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.id = "";
                    object.name = "";
                }
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    object.id = message.id;
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    object.name = message.name;
                return object;
            };

            /**
             * Converts this RulesetInfo to JSON.
             * @function toJSON
             * @memberof tercio.v1.RulesetInfo
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            RulesetInfo.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return RulesetInfo;
        })();

        v1.ScenarioInfo = (function() {

            /**
             * Properties of a ScenarioInfo.
             * @memberof tercio.v1
             * @interface IScenarioInfo
             * @property {string|null} [id] ScenarioInfo id
             * @property {string|null} [ruleset] ScenarioInfo ruleset
             * @property {string|null} [name] ScenarioInfo name
             * @property {string|null} [description] ScenarioInfo description
             */

            /**
             * Constructs a new ScenarioInfo.
             * @memberof tercio.v1
             * @classdesc Represents a ScenarioInfo.
             * @implements IScenarioInfo
             * @constructor
             * @param {tercio.v1.IScenarioInfo=} [properties] Properties to set
             */
            function ScenarioInfo(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * ScenarioInfo id.
             * @member {string} id
             * @memberof tercio.v1.ScenarioInfo
             * @instance
             */
            ScenarioInfo.prototype.id = "";

            /**
             * ScenarioInfo ruleset.
             * @member {string} ruleset
             * @memberof tercio.v1.ScenarioInfo
             * @instance
             */
            ScenarioInfo.prototype.ruleset = "";

            /**
             * ScenarioInfo name.
             * @member {string} name
             * @memberof tercio.v1.ScenarioInfo
             * @instance
             */
            ScenarioInfo.prototype.name = "";

            /**
             * ScenarioInfo description.
             * @member {string} description
             * @memberof tercio.v1.ScenarioInfo
             * @instance
             */
            ScenarioInfo.prototype.description = "";

            /**
             * Creates a new ScenarioInfo instance using the specified properties.
             * @function create
             * @memberof tercio.v1.ScenarioInfo
             * @static
             * @param {tercio.v1.IScenarioInfo=} [properties] Properties to set
             * @returns {tercio.v1.ScenarioInfo} ScenarioInfo instance
             */
            ScenarioInfo.create = function create(properties) {
                return new ScenarioInfo(properties);
            };

            /**
             * Encodes the specified ScenarioInfo message. Does not implicitly {@link tercio.v1.ScenarioInfo.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.ScenarioInfo
             * @static
             * @param {tercio.v1.IScenarioInfo} message ScenarioInfo message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ScenarioInfo.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.id);
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.ruleset);
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.name);
                if (message.description != null && Object.hasOwnProperty.call(message, "description"))
                    writer.uint32(/* id 4, wireType 2 =*/34).string(message.description);
                return writer;
            };

            /**
             * Decodes a ScenarioInfo message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.ScenarioInfo
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.ScenarioInfo} ScenarioInfo
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ScenarioInfo.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.ScenarioInfo();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.id = reader.string();
                            break;
                        }
                    case 2: {
                            message.ruleset = reader.string();
                            break;
                        }
                    case 3: {
                            message.name = reader.string();
                            break;
                        }
                    case 4: {
                            message.description = reader.string();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a ScenarioInfo message.
             * @function verify
             * @memberof tercio.v1.ScenarioInfo
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            ScenarioInfo.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    if (!$util.isString(message.id))
                        return "id: string expected";
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    if (!$util.isString(message.ruleset))
                        return "ruleset: string expected";
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    if (!$util.isString(message.name))
                        return "name: string expected";
                if (message.description != null && Object.hasOwnProperty.call(message, "description"))
                    if (!$util.isString(message.description))
                        return "description: string expected";
                return null;
            };

            /**
             * Creates a ScenarioInfo message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.ScenarioInfo
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.ScenarioInfo} ScenarioInfo
             */
            ScenarioInfo.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.ScenarioInfo)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.ScenarioInfo: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.ScenarioInfo();
                if (object.id != null)
                    message.id = String(object.id);
                if (object.ruleset != null)
                    message.ruleset = String(object.ruleset);
                if (object.name != null)
                    message.name = String(object.name);
                if (object.description != null)
                    message.description = String(object.description);
                return message;
            };

            /**
             * Creates a plain object from a ScenarioInfo message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.ScenarioInfo
             * @static
             * @param {tercio.v1.ScenarioInfo} message ScenarioInfo
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ScenarioInfo.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.id = "";
                    object.ruleset = "";
                    object.name = "";
                    object.description = "";
                }
                if (message.id != null && Object.hasOwnProperty.call(message, "id"))
                    object.id = message.id;
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    object.ruleset = message.ruleset;
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    object.name = message.name;
                if (message.description != null && Object.hasOwnProperty.call(message, "description"))
                    object.description = message.description;
                return object;
            };

            /**
             * Converts this ScenarioInfo to JSON.
             * @function toJSON
             * @memberof tercio.v1.ScenarioInfo
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ScenarioInfo.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return ScenarioInfo;
        })();

        v1.Welcome = (function() {

            /**
             * Properties of a Welcome.
             * @memberof tercio.v1
             * @interface IWelcome
             * @property {number|null} [protocolVersion] Welcome protocolVersion
             * @property {string|null} [serverVersion] Welcome serverVersion
             * @property {Array.<string>|null} [capabilities] Welcome capabilities
             * @property {Array.<tercio.v1.IRulesetInfo>|null} [rulesets] Welcome rulesets
             * @property {Array.<tercio.v1.IScenarioInfo>|null} [scenarios] Welcome scenarios
             * @property {number|null} [maxEnvs] Welcome maxEnvs
             * @property {number|null} [maxPayload] Welcome maxPayload
             * @property {Array.<string>|null} [agents] Welcome agents
             */

            /**
             * Constructs a new Welcome.
             * @memberof tercio.v1
             * @classdesc Represents a Welcome.
             * @implements IWelcome
             * @constructor
             * @param {tercio.v1.IWelcome=} [properties] Properties to set
             */
            function Welcome(properties) {
                this.capabilities = [];
                this.rulesets = [];
                this.scenarios = [];
                this.agents = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Welcome protocolVersion.
             * @member {number} protocolVersion
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.protocolVersion = 0;

            /**
             * Welcome serverVersion.
             * @member {string} serverVersion
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.serverVersion = "";

            /**
             * Welcome capabilities.
             * @member {Array.<string>} capabilities
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.capabilities = $util.emptyArray;

            /**
             * Welcome rulesets.
             * @member {Array.<tercio.v1.IRulesetInfo>} rulesets
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.rulesets = $util.emptyArray;

            /**
             * Welcome scenarios.
             * @member {Array.<tercio.v1.IScenarioInfo>} scenarios
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.scenarios = $util.emptyArray;

            /**
             * Welcome maxEnvs.
             * @member {number} maxEnvs
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.maxEnvs = 0;

            /**
             * Welcome maxPayload.
             * @member {number} maxPayload
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.maxPayload = 0;

            /**
             * Welcome agents.
             * @member {Array.<string>} agents
             * @memberof tercio.v1.Welcome
             * @instance
             */
            Welcome.prototype.agents = $util.emptyArray;

            /**
             * Creates a new Welcome instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Welcome
             * @static
             * @param {tercio.v1.IWelcome=} [properties] Properties to set
             * @returns {tercio.v1.Welcome} Welcome instance
             */
            Welcome.create = function create(properties) {
                return new Welcome(properties);
            };

            /**
             * Encodes the specified Welcome message. Does not implicitly {@link tercio.v1.Welcome.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Welcome
             * @static
             * @param {tercio.v1.IWelcome} message Welcome message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Welcome.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.protocolVersion != null && Object.hasOwnProperty.call(message, "protocolVersion"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.protocolVersion);
                if (message.serverVersion != null && Object.hasOwnProperty.call(message, "serverVersion"))
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.serverVersion);
                if (message.capabilities != null && message.capabilities.length)
                    for (let i = 0; i < message.capabilities.length; ++i)
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.capabilities[i]);
                if (message.rulesets != null && message.rulesets.length)
                    for (let i = 0; i < message.rulesets.length; ++i)
                        $root.tercio.v1.RulesetInfo.encode(message.rulesets[i], writer.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                if (message.scenarios != null && message.scenarios.length)
                    for (let i = 0; i < message.scenarios.length; ++i)
                        $root.tercio.v1.ScenarioInfo.encode(message.scenarios[i], writer.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                if (message.maxEnvs != null && Object.hasOwnProperty.call(message, "maxEnvs"))
                    writer.uint32(/* id 6, wireType 0 =*/48).uint32(message.maxEnvs);
                if (message.maxPayload != null && Object.hasOwnProperty.call(message, "maxPayload"))
                    writer.uint32(/* id 7, wireType 0 =*/56).uint32(message.maxPayload);
                if (message.agents != null && message.agents.length)
                    for (let i = 0; i < message.agents.length; ++i)
                        writer.uint32(/* id 8, wireType 2 =*/66).string(message.agents[i]);
                return writer;
            };

            /**
             * Decodes a Welcome message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Welcome
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Welcome} Welcome
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Welcome.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Welcome();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.protocolVersion = reader.uint32();
                            break;
                        }
                    case 2: {
                            message.serverVersion = reader.string();
                            break;
                        }
                    case 3: {
                            if (!(message.capabilities && message.capabilities.length))
                                message.capabilities = [];
                            message.capabilities.push(reader.string());
                            break;
                        }
                    case 4: {
                            if (!(message.rulesets && message.rulesets.length))
                                message.rulesets = [];
                            message.rulesets.push($root.tercio.v1.RulesetInfo.decode(reader, reader.uint32(), undefined, long + 1));
                            break;
                        }
                    case 5: {
                            if (!(message.scenarios && message.scenarios.length))
                                message.scenarios = [];
                            message.scenarios.push($root.tercio.v1.ScenarioInfo.decode(reader, reader.uint32(), undefined, long + 1));
                            break;
                        }
                    case 6: {
                            message.maxEnvs = reader.uint32();
                            break;
                        }
                    case 7: {
                            message.maxPayload = reader.uint32();
                            break;
                        }
                    case 8: {
                            if (!(message.agents && message.agents.length))
                                message.agents = [];
                            message.agents.push(reader.string());
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Welcome message.
             * @function verify
             * @memberof tercio.v1.Welcome
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Welcome.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.protocolVersion != null && Object.hasOwnProperty.call(message, "protocolVersion"))
                    if (!$util.isInteger(message.protocolVersion))
                        return "protocolVersion: integer expected";
                if (message.serverVersion != null && Object.hasOwnProperty.call(message, "serverVersion"))
                    if (!$util.isString(message.serverVersion))
                        return "serverVersion: string expected";
                if (message.capabilities != null && Object.hasOwnProperty.call(message, "capabilities")) {
                    if (!Array.isArray(message.capabilities))
                        return "capabilities: array expected";
                    for (let i = 0; i < message.capabilities.length; ++i)
                        if (!$util.isString(message.capabilities[i]))
                            return "capabilities: string[] expected";
                }
                if (message.rulesets != null && Object.hasOwnProperty.call(message, "rulesets")) {
                    if (!Array.isArray(message.rulesets))
                        return "rulesets: array expected";
                    for (let i = 0; i < message.rulesets.length; ++i) {
                        let error = $root.tercio.v1.RulesetInfo.verify(message.rulesets[i], long + 1);
                        if (error)
                            return "rulesets." + error;
                    }
                }
                if (message.scenarios != null && Object.hasOwnProperty.call(message, "scenarios")) {
                    if (!Array.isArray(message.scenarios))
                        return "scenarios: array expected";
                    for (let i = 0; i < message.scenarios.length; ++i) {
                        let error = $root.tercio.v1.ScenarioInfo.verify(message.scenarios[i], long + 1);
                        if (error)
                            return "scenarios." + error;
                    }
                }
                if (message.maxEnvs != null && Object.hasOwnProperty.call(message, "maxEnvs"))
                    if (!$util.isInteger(message.maxEnvs))
                        return "maxEnvs: integer expected";
                if (message.maxPayload != null && Object.hasOwnProperty.call(message, "maxPayload"))
                    if (!$util.isInteger(message.maxPayload))
                        return "maxPayload: integer expected";
                if (message.agents != null && Object.hasOwnProperty.call(message, "agents")) {
                    if (!Array.isArray(message.agents))
                        return "agents: array expected";
                    for (let i = 0; i < message.agents.length; ++i)
                        if (!$util.isString(message.agents[i]))
                            return "agents: string[] expected";
                }
                return null;
            };

            /**
             * Creates a Welcome message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Welcome
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Welcome} Welcome
             */
            Welcome.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Welcome)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Welcome: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Welcome();
                if (object.protocolVersion != null)
                    message.protocolVersion = object.protocolVersion >>> 0;
                if (object.serverVersion != null)
                    message.serverVersion = String(object.serverVersion);
                if (object.capabilities) {
                    if (!Array.isArray(object.capabilities))
                        throw TypeError(".tercio.v1.Welcome.capabilities: array expected");
                    message.capabilities = [];
                    for (let i = 0; i < object.capabilities.length; ++i)
                        message.capabilities[i] = String(object.capabilities[i]);
                }
                if (object.rulesets) {
                    if (!Array.isArray(object.rulesets))
                        throw TypeError(".tercio.v1.Welcome.rulesets: array expected");
                    message.rulesets = [];
                    for (let i = 0; i < object.rulesets.length; ++i) {
                        if (!$util.isObject(object.rulesets[i]))
                            throw TypeError(".tercio.v1.Welcome.rulesets: object expected");
                        message.rulesets[i] = $root.tercio.v1.RulesetInfo.fromObject(object.rulesets[i], long + 1);
                    }
                }
                if (object.scenarios) {
                    if (!Array.isArray(object.scenarios))
                        throw TypeError(".tercio.v1.Welcome.scenarios: array expected");
                    message.scenarios = [];
                    for (let i = 0; i < object.scenarios.length; ++i) {
                        if (!$util.isObject(object.scenarios[i]))
                            throw TypeError(".tercio.v1.Welcome.scenarios: object expected");
                        message.scenarios[i] = $root.tercio.v1.ScenarioInfo.fromObject(object.scenarios[i], long + 1);
                    }
                }
                if (object.maxEnvs != null)
                    message.maxEnvs = object.maxEnvs >>> 0;
                if (object.maxPayload != null)
                    message.maxPayload = object.maxPayload >>> 0;
                if (object.agents) {
                    if (!Array.isArray(object.agents))
                        throw TypeError(".tercio.v1.Welcome.agents: array expected");
                    message.agents = [];
                    for (let i = 0; i < object.agents.length; ++i)
                        message.agents[i] = String(object.agents[i]);
                }
                return message;
            };

            /**
             * Creates a plain object from a Welcome message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Welcome
             * @static
             * @param {tercio.v1.Welcome} message Welcome
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Welcome.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults) {
                    object.capabilities = [];
                    object.rulesets = [];
                    object.scenarios = [];
                    object.agents = [];
                }
                if (options.defaults) {
                    object.protocolVersion = 0;
                    object.serverVersion = "";
                    object.maxEnvs = 0;
                    object.maxPayload = 0;
                }
                if (message.protocolVersion != null && Object.hasOwnProperty.call(message, "protocolVersion"))
                    object.protocolVersion = message.protocolVersion;
                if (message.serverVersion != null && Object.hasOwnProperty.call(message, "serverVersion"))
                    object.serverVersion = message.serverVersion;
                if (message.capabilities && message.capabilities.length) {
                    object.capabilities = [];
                    for (let j = 0; j < message.capabilities.length; ++j)
                        object.capabilities[j] = message.capabilities[j];
                }
                if (message.rulesets && message.rulesets.length) {
                    object.rulesets = [];
                    for (let j = 0; j < message.rulesets.length; ++j)
                        object.rulesets[j] = $root.tercio.v1.RulesetInfo.toObject(message.rulesets[j], options, q + 1);
                }
                if (message.scenarios && message.scenarios.length) {
                    object.scenarios = [];
                    for (let j = 0; j < message.scenarios.length; ++j)
                        object.scenarios[j] = $root.tercio.v1.ScenarioInfo.toObject(message.scenarios[j], options, q + 1);
                }
                if (message.maxEnvs != null && Object.hasOwnProperty.call(message, "maxEnvs"))
                    object.maxEnvs = message.maxEnvs;
                if (message.maxPayload != null && Object.hasOwnProperty.call(message, "maxPayload"))
                    object.maxPayload = message.maxPayload;
                if (message.agents && message.agents.length) {
                    object.agents = [];
                    for (let j = 0; j < message.agents.length; ++j)
                        object.agents[j] = message.agents[j];
                }
                return object;
            };

            /**
             * Converts this Welcome to JSON.
             * @function toJSON
             * @memberof tercio.v1.Welcome
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Welcome.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Welcome;
        })();

        v1.EnvOptions = (function() {

            /**
             * Properties of an EnvOptions.
             * @memberof tercio.v1
             * @interface IEnvOptions
             * @property {boolean|null} [skipForced] EnvOptions skipForced
             * @property {number|null} [maxDecisions] EnvOptions maxDecisions
             * @property {number|null} [rewardShaping] EnvOptions rewardShaping
             * @property {boolean|null} [events] EnvOptions events
             * @property {boolean|null} [sparsePlanes] EnvOptions sparsePlanes
             * @property {string|null} [opponent] EnvOptions opponent
             * @property {number|null} [opponentPlayer] EnvOptions opponentPlayer
             * @property {boolean|null} [subjects] EnvOptions subjects
             * @property {boolean|null} [deltaObservations] EnvOptions deltaObservations
             * @property {tercio.v1.AutoresetMode|null} [autoresetMode] EnvOptions autoresetMode
             */

            /**
             * Constructs a new EnvOptions.
             * @memberof tercio.v1
             * @classdesc Represents an EnvOptions.
             * @implements IEnvOptions
             * @constructor
             * @param {tercio.v1.IEnvOptions=} [properties] Properties to set
             */
            function EnvOptions(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * EnvOptions skipForced.
             * @member {boolean|null|undefined} skipForced
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.skipForced = null;

            /**
             * EnvOptions maxDecisions.
             * @member {number|null|undefined} maxDecisions
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.maxDecisions = null;

            /**
             * EnvOptions rewardShaping.
             * @member {number|null|undefined} rewardShaping
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.rewardShaping = null;

            /**
             * EnvOptions events.
             * @member {boolean} events
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.events = false;

            /**
             * EnvOptions sparsePlanes.
             * @member {boolean} sparsePlanes
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.sparsePlanes = false;

            /**
             * EnvOptions opponent.
             * @member {string} opponent
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.opponent = "";

            /**
             * EnvOptions opponentPlayer.
             * @member {number} opponentPlayer
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.opponentPlayer = 0;

            /**
             * EnvOptions subjects.
             * @member {boolean} subjects
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.subjects = false;

            /**
             * EnvOptions deltaObservations.
             * @member {boolean} deltaObservations
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.deltaObservations = false;

            /**
             * EnvOptions autoresetMode.
             * @member {tercio.v1.AutoresetMode} autoresetMode
             * @memberof tercio.v1.EnvOptions
             * @instance
             */
            EnvOptions.prototype.autoresetMode = 0;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            // Virtual OneOf for proto3 optional field
            Object.defineProperty(EnvOptions.prototype, "_skipForced", {
                get: $util.oneOfGetter($oneOfFields = ["skipForced"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            // Virtual OneOf for proto3 optional field
            Object.defineProperty(EnvOptions.prototype, "_maxDecisions", {
                get: $util.oneOfGetter($oneOfFields = ["maxDecisions"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            // Virtual OneOf for proto3 optional field
            Object.defineProperty(EnvOptions.prototype, "_rewardShaping", {
                get: $util.oneOfGetter($oneOfFields = ["rewardShaping"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new EnvOptions instance using the specified properties.
             * @function create
             * @memberof tercio.v1.EnvOptions
             * @static
             * @param {tercio.v1.IEnvOptions=} [properties] Properties to set
             * @returns {tercio.v1.EnvOptions} EnvOptions instance
             */
            EnvOptions.create = function create(properties) {
                return new EnvOptions(properties);
            };

            /**
             * Encodes the specified EnvOptions message. Does not implicitly {@link tercio.v1.EnvOptions.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.EnvOptions
             * @static
             * @param {tercio.v1.IEnvOptions} message EnvOptions message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            EnvOptions.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.skipForced != null && Object.hasOwnProperty.call(message, "skipForced"))
                    writer.uint32(/* id 1, wireType 0 =*/8).bool(message.skipForced);
                if (message.maxDecisions != null && Object.hasOwnProperty.call(message, "maxDecisions"))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.maxDecisions);
                if (message.rewardShaping != null && Object.hasOwnProperty.call(message, "rewardShaping"))
                    writer.uint32(/* id 3, wireType 5 =*/29).float(message.rewardShaping);
                if (message.events != null && Object.hasOwnProperty.call(message, "events"))
                    writer.uint32(/* id 4, wireType 0 =*/32).bool(message.events);
                if (message.sparsePlanes != null && Object.hasOwnProperty.call(message, "sparsePlanes"))
                    writer.uint32(/* id 5, wireType 0 =*/40).bool(message.sparsePlanes);
                if (message.opponent != null && Object.hasOwnProperty.call(message, "opponent"))
                    writer.uint32(/* id 6, wireType 2 =*/50).string(message.opponent);
                if (message.opponentPlayer != null && Object.hasOwnProperty.call(message, "opponentPlayer"))
                    writer.uint32(/* id 7, wireType 0 =*/56).uint32(message.opponentPlayer);
                if (message.subjects != null && Object.hasOwnProperty.call(message, "subjects"))
                    writer.uint32(/* id 8, wireType 0 =*/64).bool(message.subjects);
                if (message.deltaObservations != null && Object.hasOwnProperty.call(message, "deltaObservations"))
                    writer.uint32(/* id 9, wireType 0 =*/72).bool(message.deltaObservations);
                if (message.autoresetMode != null && Object.hasOwnProperty.call(message, "autoresetMode"))
                    writer.uint32(/* id 10, wireType 0 =*/80).int32(message.autoresetMode);
                return writer;
            };

            /**
             * Decodes an EnvOptions message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.EnvOptions
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.EnvOptions} EnvOptions
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            EnvOptions.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.EnvOptions();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.skipForced = reader.bool();
                            break;
                        }
                    case 2: {
                            message.maxDecisions = reader.uint32();
                            break;
                        }
                    case 3: {
                            message.rewardShaping = reader.float();
                            break;
                        }
                    case 4: {
                            message.events = reader.bool();
                            break;
                        }
                    case 5: {
                            message.sparsePlanes = reader.bool();
                            break;
                        }
                    case 6: {
                            message.opponent = reader.string();
                            break;
                        }
                    case 7: {
                            message.opponentPlayer = reader.uint32();
                            break;
                        }
                    case 8: {
                            message.subjects = reader.bool();
                            break;
                        }
                    case 9: {
                            message.deltaObservations = reader.bool();
                            break;
                        }
                    case 10: {
                            message.autoresetMode = reader.int32();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an EnvOptions message.
             * @function verify
             * @memberof tercio.v1.EnvOptions
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            EnvOptions.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                let properties = {};
                if (message.skipForced != null && Object.hasOwnProperty.call(message, "skipForced")) {
                    properties._skipForced = 1;
                    if (typeof message.skipForced !== "boolean")
                        return "skipForced: boolean expected";
                }
                if (message.maxDecisions != null && Object.hasOwnProperty.call(message, "maxDecisions")) {
                    properties._maxDecisions = 1;
                    if (!$util.isInteger(message.maxDecisions))
                        return "maxDecisions: integer expected";
                }
                if (message.rewardShaping != null && Object.hasOwnProperty.call(message, "rewardShaping")) {
                    properties._rewardShaping = 1;
                    if (typeof message.rewardShaping !== "number")
                        return "rewardShaping: number expected";
                }
                if (message.events != null && Object.hasOwnProperty.call(message, "events"))
                    if (typeof message.events !== "boolean")
                        return "events: boolean expected";
                if (message.sparsePlanes != null && Object.hasOwnProperty.call(message, "sparsePlanes"))
                    if (typeof message.sparsePlanes !== "boolean")
                        return "sparsePlanes: boolean expected";
                if (message.opponent != null && Object.hasOwnProperty.call(message, "opponent"))
                    if (!$util.isString(message.opponent))
                        return "opponent: string expected";
                if (message.opponentPlayer != null && Object.hasOwnProperty.call(message, "opponentPlayer"))
                    if (!$util.isInteger(message.opponentPlayer))
                        return "opponentPlayer: integer expected";
                if (message.subjects != null && Object.hasOwnProperty.call(message, "subjects"))
                    if (typeof message.subjects !== "boolean")
                        return "subjects: boolean expected";
                if (message.deltaObservations != null && Object.hasOwnProperty.call(message, "deltaObservations"))
                    if (typeof message.deltaObservations !== "boolean")
                        return "deltaObservations: boolean expected";
                if (message.autoresetMode != null && Object.hasOwnProperty.call(message, "autoresetMode"))
                    switch (message.autoresetMode) {
                    default:
                        return "autoresetMode: enum value expected";
                    case 0:
                    case 1:
                        break;
                    }
                return null;
            };

            /**
             * Creates an EnvOptions message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.EnvOptions
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.EnvOptions} EnvOptions
             */
            EnvOptions.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.EnvOptions)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.EnvOptions: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.EnvOptions();
                if (object.skipForced != null)
                    message.skipForced = Boolean(object.skipForced);
                if (object.maxDecisions != null)
                    message.maxDecisions = object.maxDecisions >>> 0;
                if (object.rewardShaping != null)
                    message.rewardShaping = Number(object.rewardShaping);
                if (object.events != null)
                    message.events = Boolean(object.events);
                if (object.sparsePlanes != null)
                    message.sparsePlanes = Boolean(object.sparsePlanes);
                if (object.opponent != null)
                    message.opponent = String(object.opponent);
                if (object.opponentPlayer != null)
                    message.opponentPlayer = object.opponentPlayer >>> 0;
                if (object.subjects != null)
                    message.subjects = Boolean(object.subjects);
                if (object.deltaObservations != null)
                    message.deltaObservations = Boolean(object.deltaObservations);
                switch (object.autoresetMode) {
                default:
                    if (typeof object.autoresetMode === "number") {
                        message.autoresetMode = object.autoresetMode;
                        break;
                    }
                    break;
                case "SAME_STEP":
                case 0:
                    message.autoresetMode = 0;
                    break;
                case "NEXT_STEP":
                case 1:
                    message.autoresetMode = 1;
                    break;
                }
                return message;
            };

            /**
             * Creates a plain object from an EnvOptions message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.EnvOptions
             * @static
             * @param {tercio.v1.EnvOptions} message EnvOptions
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            EnvOptions.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.events = false;
                    object.sparsePlanes = false;
                    object.opponent = "";
                    object.opponentPlayer = 0;
                    object.subjects = false;
                    object.deltaObservations = false;
                    object.autoresetMode = options.enums === String ? "SAME_STEP" : 0;
                }
                if (message.skipForced != null && Object.hasOwnProperty.call(message, "skipForced")) {
                    object.skipForced = message.skipForced;
                    if (options.oneofs)
                        object._skipForced = "skipForced";
                }
                if (message.maxDecisions != null && Object.hasOwnProperty.call(message, "maxDecisions")) {
                    object.maxDecisions = message.maxDecisions;
                    if (options.oneofs)
                        object._maxDecisions = "maxDecisions";
                }
                if (message.rewardShaping != null && Object.hasOwnProperty.call(message, "rewardShaping")) {
                    object.rewardShaping = options.json && !isFinite(message.rewardShaping) ? String(message.rewardShaping) : message.rewardShaping;
                    if (options.oneofs)
                        object._rewardShaping = "rewardShaping";
                }
                if (message.events != null && Object.hasOwnProperty.call(message, "events"))
                    object.events = message.events;
                if (message.sparsePlanes != null && Object.hasOwnProperty.call(message, "sparsePlanes"))
                    object.sparsePlanes = message.sparsePlanes;
                if (message.opponent != null && Object.hasOwnProperty.call(message, "opponent"))
                    object.opponent = message.opponent;
                if (message.opponentPlayer != null && Object.hasOwnProperty.call(message, "opponentPlayer"))
                    object.opponentPlayer = message.opponentPlayer;
                if (message.subjects != null && Object.hasOwnProperty.call(message, "subjects"))
                    object.subjects = message.subjects;
                if (message.deltaObservations != null && Object.hasOwnProperty.call(message, "deltaObservations"))
                    object.deltaObservations = message.deltaObservations;
                if (message.autoresetMode != null && Object.hasOwnProperty.call(message, "autoresetMode"))
                    object.autoresetMode = options.enums === String ? $root.tercio.v1.AutoresetMode[message.autoresetMode] === undefined ? message.autoresetMode : $root.tercio.v1.AutoresetMode[message.autoresetMode] : message.autoresetMode;
                return object;
            };

            /**
             * Converts this EnvOptions to JSON.
             * @function toJSON
             * @memberof tercio.v1.EnvOptions
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            EnvOptions.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return EnvOptions;
        })();

        /**
         * AutoresetMode enum.
         * @name tercio.v1.AutoresetMode
         * @enum {number}
         * @property {number} SAME_STEP=0 SAME_STEP value
         * @property {number} NEXT_STEP=1 NEXT_STEP value
         */
        v1.AutoresetMode = (function() {
            const valuesById = {}, values = Object.create(valuesById);
            values[valuesById[0] = "SAME_STEP"] = 0;
            values[valuesById[1] = "NEXT_STEP"] = 1;
            return values;
        })();

        v1.MakeEnvs = (function() {

            /**
             * Properties of a MakeEnvs.
             * @memberof tercio.v1
             * @interface IMakeEnvs
             * @property {string|null} [ruleset] MakeEnvs ruleset
             * @property {string|null} [scenarioId] MakeEnvs scenarioId
             * @property {string|null} [scenarioJson] MakeEnvs scenarioJson
             * @property {number|null} [count] MakeEnvs count
             * @property {number|null} [baseSeed] MakeEnvs baseSeed
             * @property {tercio.v1.IEnvOptions|null} [options] MakeEnvs options
             */

            /**
             * Constructs a new MakeEnvs.
             * @memberof tercio.v1
             * @classdesc Represents a MakeEnvs.
             * @implements IMakeEnvs
             * @constructor
             * @param {tercio.v1.IMakeEnvs=} [properties] Properties to set
             */
            function MakeEnvs(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * MakeEnvs ruleset.
             * @member {string} ruleset
             * @memberof tercio.v1.MakeEnvs
             * @instance
             */
            MakeEnvs.prototype.ruleset = "";

            /**
             * MakeEnvs scenarioId.
             * @member {string|null|undefined} scenarioId
             * @memberof tercio.v1.MakeEnvs
             * @instance
             */
            MakeEnvs.prototype.scenarioId = null;

            /**
             * MakeEnvs scenarioJson.
             * @member {string|null|undefined} scenarioJson
             * @memberof tercio.v1.MakeEnvs
             * @instance
             */
            MakeEnvs.prototype.scenarioJson = null;

            /**
             * MakeEnvs count.
             * @member {number} count
             * @memberof tercio.v1.MakeEnvs
             * @instance
             */
            MakeEnvs.prototype.count = 0;

            /**
             * MakeEnvs baseSeed.
             * @member {number|null|undefined} baseSeed
             * @memberof tercio.v1.MakeEnvs
             * @instance
             */
            MakeEnvs.prototype.baseSeed = null;

            /**
             * MakeEnvs options.
             * @member {tercio.v1.IEnvOptions|null|undefined} options
             * @memberof tercio.v1.MakeEnvs
             * @instance
             */
            MakeEnvs.prototype.options = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * MakeEnvs scenario.
             * @member {"scenarioId"|"scenarioJson"|undefined} scenario
             * @memberof tercio.v1.MakeEnvs
             * @instance
             */
            Object.defineProperty(MakeEnvs.prototype, "scenario", {
                get: $util.oneOfGetter($oneOfFields = ["scenarioId", "scenarioJson"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            // Virtual OneOf for proto3 optional field
            Object.defineProperty(MakeEnvs.prototype, "_baseSeed", {
                get: $util.oneOfGetter($oneOfFields = ["baseSeed"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new MakeEnvs instance using the specified properties.
             * @function create
             * @memberof tercio.v1.MakeEnvs
             * @static
             * @param {tercio.v1.IMakeEnvs=} [properties] Properties to set
             * @returns {tercio.v1.MakeEnvs} MakeEnvs instance
             */
            MakeEnvs.create = function create(properties) {
                return new MakeEnvs(properties);
            };

            /**
             * Encodes the specified MakeEnvs message. Does not implicitly {@link tercio.v1.MakeEnvs.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.MakeEnvs
             * @static
             * @param {tercio.v1.IMakeEnvs} message MakeEnvs message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            MakeEnvs.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.ruleset);
                if (message.scenarioId != null && Object.hasOwnProperty.call(message, "scenarioId"))
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.scenarioId);
                if (message.scenarioJson != null && Object.hasOwnProperty.call(message, "scenarioJson"))
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.scenarioJson);
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.count);
                if (message.baseSeed != null && Object.hasOwnProperty.call(message, "baseSeed"))
                    writer.uint32(/* id 5, wireType 0 =*/40).uint32(message.baseSeed);
                if (message.options != null && Object.hasOwnProperty.call(message, "options"))
                    $root.tercio.v1.EnvOptions.encode(message.options, writer.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                return writer;
            };

            /**
             * Decodes a MakeEnvs message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.MakeEnvs
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.MakeEnvs} MakeEnvs
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            MakeEnvs.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.MakeEnvs();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.ruleset = reader.string();
                            break;
                        }
                    case 2: {
                            message.scenarioId = reader.string();
                            break;
                        }
                    case 3: {
                            message.scenarioJson = reader.string();
                            break;
                        }
                    case 4: {
                            message.count = reader.uint32();
                            break;
                        }
                    case 5: {
                            message.baseSeed = reader.uint32();
                            break;
                        }
                    case 6: {
                            message.options = $root.tercio.v1.EnvOptions.decode(reader, reader.uint32(), undefined, long + 1);
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a MakeEnvs message.
             * @function verify
             * @memberof tercio.v1.MakeEnvs
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            MakeEnvs.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                let properties = {};
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    if (!$util.isString(message.ruleset))
                        return "ruleset: string expected";
                if (message.scenarioId != null && Object.hasOwnProperty.call(message, "scenarioId")) {
                    properties.scenario = 1;
                    if (!$util.isString(message.scenarioId))
                        return "scenarioId: string expected";
                }
                if (message.scenarioJson != null && Object.hasOwnProperty.call(message, "scenarioJson")) {
                    if (properties.scenario === 1)
                        return "scenario: multiple values";
                    properties.scenario = 1;
                    if (!$util.isString(message.scenarioJson))
                        return "scenarioJson: string expected";
                }
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    if (!$util.isInteger(message.count))
                        return "count: integer expected";
                if (message.baseSeed != null && Object.hasOwnProperty.call(message, "baseSeed")) {
                    properties._baseSeed = 1;
                    if (!$util.isInteger(message.baseSeed))
                        return "baseSeed: integer expected";
                }
                if (message.options != null && Object.hasOwnProperty.call(message, "options")) {
                    let error = $root.tercio.v1.EnvOptions.verify(message.options, long + 1);
                    if (error)
                        return "options." + error;
                }
                return null;
            };

            /**
             * Creates a MakeEnvs message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.MakeEnvs
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.MakeEnvs} MakeEnvs
             */
            MakeEnvs.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.MakeEnvs)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.MakeEnvs: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.MakeEnvs();
                if (object.ruleset != null)
                    message.ruleset = String(object.ruleset);
                if (object.scenarioId != null)
                    message.scenarioId = String(object.scenarioId);
                if (object.scenarioJson != null)
                    message.scenarioJson = String(object.scenarioJson);
                if (object.count != null)
                    message.count = object.count >>> 0;
                if (object.baseSeed != null)
                    message.baseSeed = object.baseSeed >>> 0;
                if (object.options != null) {
                    if (!$util.isObject(object.options))
                        throw TypeError(".tercio.v1.MakeEnvs.options: object expected");
                    message.options = $root.tercio.v1.EnvOptions.fromObject(object.options, long + 1);
                }
                return message;
            };

            /**
             * Creates a plain object from a MakeEnvs message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.MakeEnvs
             * @static
             * @param {tercio.v1.MakeEnvs} message MakeEnvs
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            MakeEnvs.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.ruleset = "";
                    object.count = 0;
                    object.options = null;
                }
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    object.ruleset = message.ruleset;
                if (message.scenarioId != null && Object.hasOwnProperty.call(message, "scenarioId")) {
                    object.scenarioId = message.scenarioId;
                    if (options.oneofs)
                        object.scenario = "scenarioId";
                }
                if (message.scenarioJson != null && Object.hasOwnProperty.call(message, "scenarioJson")) {
                    object.scenarioJson = message.scenarioJson;
                    if (options.oneofs)
                        object.scenario = "scenarioJson";
                }
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    object.count = message.count;
                if (message.baseSeed != null && Object.hasOwnProperty.call(message, "baseSeed")) {
                    object.baseSeed = message.baseSeed;
                    if (options.oneofs)
                        object._baseSeed = "baseSeed";
                }
                if (message.options != null && Object.hasOwnProperty.call(message, "options"))
                    object.options = $root.tercio.v1.EnvOptions.toObject(message.options, options, q + 1);
                return object;
            };

            /**
             * Converts this MakeEnvs to JSON.
             * @function toJSON
             * @memberof tercio.v1.MakeEnvs
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            MakeEnvs.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return MakeEnvs;
        })();

        v1.ActionSegment = (function() {

            /**
             * Properties of an ActionSegment.
             * @memberof tercio.v1
             * @interface IActionSegment
             * @property {string|null} [name] ActionSegment name
             * @property {number|null} [offset] ActionSegment offset
             * @property {number|null} [size] ActionSegment size
             * @property {Array.<string>|null} [texts] ActionSegment texts
             */

            /**
             * Constructs a new ActionSegment.
             * @memberof tercio.v1
             * @classdesc Represents an ActionSegment.
             * @implements IActionSegment
             * @constructor
             * @param {tercio.v1.IActionSegment=} [properties] Properties to set
             */
            function ActionSegment(properties) {
                this.texts = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * ActionSegment name.
             * @member {string} name
             * @memberof tercio.v1.ActionSegment
             * @instance
             */
            ActionSegment.prototype.name = "";

            /**
             * ActionSegment offset.
             * @member {number} offset
             * @memberof tercio.v1.ActionSegment
             * @instance
             */
            ActionSegment.prototype.offset = 0;

            /**
             * ActionSegment size.
             * @member {number} size
             * @memberof tercio.v1.ActionSegment
             * @instance
             */
            ActionSegment.prototype.size = 0;

            /**
             * ActionSegment texts.
             * @member {Array.<string>} texts
             * @memberof tercio.v1.ActionSegment
             * @instance
             */
            ActionSegment.prototype.texts = $util.emptyArray;

            /**
             * Creates a new ActionSegment instance using the specified properties.
             * @function create
             * @memberof tercio.v1.ActionSegment
             * @static
             * @param {tercio.v1.IActionSegment=} [properties] Properties to set
             * @returns {tercio.v1.ActionSegment} ActionSegment instance
             */
            ActionSegment.create = function create(properties) {
                return new ActionSegment(properties);
            };

            /**
             * Encodes the specified ActionSegment message. Does not implicitly {@link tercio.v1.ActionSegment.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.ActionSegment
             * @static
             * @param {tercio.v1.IActionSegment} message ActionSegment message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ActionSegment.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                if (message.offset != null && Object.hasOwnProperty.call(message, "offset"))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.offset);
                if (message.size != null && Object.hasOwnProperty.call(message, "size"))
                    writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.size);
                if (message.texts != null && message.texts.length)
                    for (let i = 0; i < message.texts.length; ++i)
                        writer.uint32(/* id 4, wireType 2 =*/34).string(message.texts[i]);
                return writer;
            };

            /**
             * Decodes an ActionSegment message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.ActionSegment
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.ActionSegment} ActionSegment
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ActionSegment.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.ActionSegment();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.name = reader.string();
                            break;
                        }
                    case 2: {
                            message.offset = reader.uint32();
                            break;
                        }
                    case 3: {
                            message.size = reader.uint32();
                            break;
                        }
                    case 4: {
                            if (!(message.texts && message.texts.length))
                                message.texts = [];
                            message.texts.push(reader.string());
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an ActionSegment message.
             * @function verify
             * @memberof tercio.v1.ActionSegment
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            ActionSegment.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    if (!$util.isString(message.name))
                        return "name: string expected";
                if (message.offset != null && Object.hasOwnProperty.call(message, "offset"))
                    if (!$util.isInteger(message.offset))
                        return "offset: integer expected";
                if (message.size != null && Object.hasOwnProperty.call(message, "size"))
                    if (!$util.isInteger(message.size))
                        return "size: integer expected";
                if (message.texts != null && Object.hasOwnProperty.call(message, "texts")) {
                    if (!Array.isArray(message.texts))
                        return "texts: array expected";
                    for (let i = 0; i < message.texts.length; ++i)
                        if (!$util.isString(message.texts[i]))
                            return "texts: string[] expected";
                }
                return null;
            };

            /**
             * Creates an ActionSegment message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.ActionSegment
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.ActionSegment} ActionSegment
             */
            ActionSegment.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.ActionSegment)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.ActionSegment: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.ActionSegment();
                if (object.name != null)
                    message.name = String(object.name);
                if (object.offset != null)
                    message.offset = object.offset >>> 0;
                if (object.size != null)
                    message.size = object.size >>> 0;
                if (object.texts) {
                    if (!Array.isArray(object.texts))
                        throw TypeError(".tercio.v1.ActionSegment.texts: array expected");
                    message.texts = [];
                    for (let i = 0; i < object.texts.length; ++i)
                        message.texts[i] = String(object.texts[i]);
                }
                return message;
            };

            /**
             * Creates a plain object from an ActionSegment message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.ActionSegment
             * @static
             * @param {tercio.v1.ActionSegment} message ActionSegment
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ActionSegment.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults)
                    object.texts = [];
                if (options.defaults) {
                    object.name = "";
                    object.offset = 0;
                    object.size = 0;
                }
                if (message.name != null && Object.hasOwnProperty.call(message, "name"))
                    object.name = message.name;
                if (message.offset != null && Object.hasOwnProperty.call(message, "offset"))
                    object.offset = message.offset;
                if (message.size != null && Object.hasOwnProperty.call(message, "size"))
                    object.size = message.size;
                if (message.texts && message.texts.length) {
                    object.texts = [];
                    for (let j = 0; j < message.texts.length; ++j)
                        object.texts[j] = message.texts[j];
                }
                return object;
            };

            /**
             * Converts this ActionSegment to JSON.
             * @function toJSON
             * @memberof tercio.v1.ActionSegment
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ActionSegment.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return ActionSegment;
        })();

        v1.EnvSpec = (function() {

            /**
             * Properties of an EnvSpec.
             * @memberof tercio.v1
             * @interface IEnvSpec
             * @property {number|null} [envSet] EnvSpec envSet
             * @property {number|null} [count] EnvSpec count
             * @property {string|null} [ruleset] EnvSpec ruleset
             * @property {string|null} [scenarioId] EnvSpec scenarioId
             * @property {string|null} [scenarioHash] EnvSpec scenarioHash
             * @property {Array.<number>|null} [planesShape] EnvSpec planesShape
             * @property {Array.<string>|null} [channels] EnvSpec channels
             * @property {Array.<number>|null} [entitiesShape] EnvSpec entitiesShape
             * @property {Array.<string>|null} [entityFeatures] EnvSpec entityFeatures
             * @property {Array.<string>|null} [entityRows] EnvSpec entityRows
             * @property {Array.<number>|null} [globalsShape] EnvSpec globalsShape
             * @property {Array.<string>|null} [globalNames] EnvSpec globalNames
             * @property {number|null} [actionSize] EnvSpec actionSize
             * @property {Array.<tercio.v1.IActionSegment>|null} [segments] EnvSpec segments
             * @property {Array.<string>|null} [decisionKinds] EnvSpec decisionKinds
             * @property {number|null} [maxDecisions] EnvSpec maxDecisions
             * @property {boolean|null} [skipForced] EnvSpec skipForced
             * @property {string|null} [hash] EnvSpec hash
             * @property {string|null} [interfaceHash] EnvSpec interfaceHash
             * @property {string|null} [specJson] EnvSpec specJson
             */

            /**
             * Constructs a new EnvSpec.
             * @memberof tercio.v1
             * @classdesc Represents an EnvSpec.
             * @implements IEnvSpec
             * @constructor
             * @param {tercio.v1.IEnvSpec=} [properties] Properties to set
             */
            function EnvSpec(properties) {
                this.planesShape = [];
                this.channels = [];
                this.entitiesShape = [];
                this.entityFeatures = [];
                this.entityRows = [];
                this.globalsShape = [];
                this.globalNames = [];
                this.segments = [];
                this.decisionKinds = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * EnvSpec envSet.
             * @member {number} envSet
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.envSet = 0;

            /**
             * EnvSpec count.
             * @member {number} count
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.count = 0;

            /**
             * EnvSpec ruleset.
             * @member {string} ruleset
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.ruleset = "";

            /**
             * EnvSpec scenarioId.
             * @member {string} scenarioId
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.scenarioId = "";

            /**
             * EnvSpec scenarioHash.
             * @member {string} scenarioHash
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.scenarioHash = "";

            /**
             * EnvSpec planesShape.
             * @member {Array.<number>} planesShape
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.planesShape = $util.emptyArray;

            /**
             * EnvSpec channels.
             * @member {Array.<string>} channels
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.channels = $util.emptyArray;

            /**
             * EnvSpec entitiesShape.
             * @member {Array.<number>} entitiesShape
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.entitiesShape = $util.emptyArray;

            /**
             * EnvSpec entityFeatures.
             * @member {Array.<string>} entityFeatures
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.entityFeatures = $util.emptyArray;

            /**
             * EnvSpec entityRows.
             * @member {Array.<string>} entityRows
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.entityRows = $util.emptyArray;

            /**
             * EnvSpec globalsShape.
             * @member {Array.<number>} globalsShape
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.globalsShape = $util.emptyArray;

            /**
             * EnvSpec globalNames.
             * @member {Array.<string>} globalNames
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.globalNames = $util.emptyArray;

            /**
             * EnvSpec actionSize.
             * @member {number} actionSize
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.actionSize = 0;

            /**
             * EnvSpec segments.
             * @member {Array.<tercio.v1.IActionSegment>} segments
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.segments = $util.emptyArray;

            /**
             * EnvSpec decisionKinds.
             * @member {Array.<string>} decisionKinds
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.decisionKinds = $util.emptyArray;

            /**
             * EnvSpec maxDecisions.
             * @member {number} maxDecisions
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.maxDecisions = 0;

            /**
             * EnvSpec skipForced.
             * @member {boolean} skipForced
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.skipForced = false;

            /**
             * EnvSpec hash.
             * @member {string} hash
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.hash = "";

            /**
             * EnvSpec interfaceHash.
             * @member {string} interfaceHash
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.interfaceHash = "";

            /**
             * EnvSpec specJson.
             * @member {string} specJson
             * @memberof tercio.v1.EnvSpec
             * @instance
             */
            EnvSpec.prototype.specJson = "";

            /**
             * Creates a new EnvSpec instance using the specified properties.
             * @function create
             * @memberof tercio.v1.EnvSpec
             * @static
             * @param {tercio.v1.IEnvSpec=} [properties] Properties to set
             * @returns {tercio.v1.EnvSpec} EnvSpec instance
             */
            EnvSpec.create = function create(properties) {
                return new EnvSpec(properties);
            };

            /**
             * Encodes the specified EnvSpec message. Does not implicitly {@link tercio.v1.EnvSpec.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.EnvSpec
             * @static
             * @param {tercio.v1.IEnvSpec} message EnvSpec message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            EnvSpec.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.count);
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.ruleset);
                if (message.scenarioId != null && Object.hasOwnProperty.call(message, "scenarioId"))
                    writer.uint32(/* id 4, wireType 2 =*/34).string(message.scenarioId);
                if (message.scenarioHash != null && Object.hasOwnProperty.call(message, "scenarioHash"))
                    writer.uint32(/* id 5, wireType 2 =*/42).string(message.scenarioHash);
                if (message.planesShape != null && message.planesShape.length) {
                    writer.uint32(/* id 6, wireType 2 =*/50).fork();
                    for (let i = 0; i < message.planesShape.length; ++i)
                        writer.uint32(message.planesShape[i]);
                    writer.ldelim();
                }
                if (message.channels != null && message.channels.length)
                    for (let i = 0; i < message.channels.length; ++i)
                        writer.uint32(/* id 7, wireType 2 =*/58).string(message.channels[i]);
                if (message.entitiesShape != null && message.entitiesShape.length) {
                    writer.uint32(/* id 8, wireType 2 =*/66).fork();
                    for (let i = 0; i < message.entitiesShape.length; ++i)
                        writer.uint32(message.entitiesShape[i]);
                    writer.ldelim();
                }
                if (message.entityFeatures != null && message.entityFeatures.length)
                    for (let i = 0; i < message.entityFeatures.length; ++i)
                        writer.uint32(/* id 9, wireType 2 =*/74).string(message.entityFeatures[i]);
                if (message.entityRows != null && message.entityRows.length)
                    for (let i = 0; i < message.entityRows.length; ++i)
                        writer.uint32(/* id 10, wireType 2 =*/82).string(message.entityRows[i]);
                if (message.globalsShape != null && message.globalsShape.length) {
                    writer.uint32(/* id 11, wireType 2 =*/90).fork();
                    for (let i = 0; i < message.globalsShape.length; ++i)
                        writer.uint32(message.globalsShape[i]);
                    writer.ldelim();
                }
                if (message.globalNames != null && message.globalNames.length)
                    for (let i = 0; i < message.globalNames.length; ++i)
                        writer.uint32(/* id 12, wireType 2 =*/98).string(message.globalNames[i]);
                if (message.actionSize != null && Object.hasOwnProperty.call(message, "actionSize"))
                    writer.uint32(/* id 13, wireType 0 =*/104).uint32(message.actionSize);
                if (message.segments != null && message.segments.length)
                    for (let i = 0; i < message.segments.length; ++i)
                        $root.tercio.v1.ActionSegment.encode(message.segments[i], writer.uint32(/* id 14, wireType 2 =*/114).fork(), q + 1).ldelim();
                if (message.decisionKinds != null && message.decisionKinds.length)
                    for (let i = 0; i < message.decisionKinds.length; ++i)
                        writer.uint32(/* id 15, wireType 2 =*/122).string(message.decisionKinds[i]);
                if (message.maxDecisions != null && Object.hasOwnProperty.call(message, "maxDecisions"))
                    writer.uint32(/* id 16, wireType 0 =*/128).uint32(message.maxDecisions);
                if (message.skipForced != null && Object.hasOwnProperty.call(message, "skipForced"))
                    writer.uint32(/* id 17, wireType 0 =*/136).bool(message.skipForced);
                if (message.hash != null && Object.hasOwnProperty.call(message, "hash"))
                    writer.uint32(/* id 18, wireType 2 =*/146).string(message.hash);
                if (message.interfaceHash != null && Object.hasOwnProperty.call(message, "interfaceHash"))
                    writer.uint32(/* id 19, wireType 2 =*/154).string(message.interfaceHash);
                if (message.specJson != null && Object.hasOwnProperty.call(message, "specJson"))
                    writer.uint32(/* id 20, wireType 2 =*/162).string(message.specJson);
                return writer;
            };

            /**
             * Decodes an EnvSpec message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.EnvSpec
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.EnvSpec} EnvSpec
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            EnvSpec.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.EnvSpec();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            message.count = reader.uint32();
                            break;
                        }
                    case 3: {
                            message.ruleset = reader.string();
                            break;
                        }
                    case 4: {
                            message.scenarioId = reader.string();
                            break;
                        }
                    case 5: {
                            message.scenarioHash = reader.string();
                            break;
                        }
                    case 6: {
                            if (!(message.planesShape && message.planesShape.length))
                                message.planesShape = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.planesShape.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.planesShape.push(reader.uint32());
                            break;
                        }
                    case 7: {
                            if (!(message.channels && message.channels.length))
                                message.channels = [];
                            message.channels.push(reader.string());
                            break;
                        }
                    case 8: {
                            if (!(message.entitiesShape && message.entitiesShape.length))
                                message.entitiesShape = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.entitiesShape.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.entitiesShape.push(reader.uint32());
                            break;
                        }
                    case 9: {
                            if (!(message.entityFeatures && message.entityFeatures.length))
                                message.entityFeatures = [];
                            message.entityFeatures.push(reader.string());
                            break;
                        }
                    case 10: {
                            if (!(message.entityRows && message.entityRows.length))
                                message.entityRows = [];
                            message.entityRows.push(reader.string());
                            break;
                        }
                    case 11: {
                            if (!(message.globalsShape && message.globalsShape.length))
                                message.globalsShape = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.globalsShape.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.globalsShape.push(reader.uint32());
                            break;
                        }
                    case 12: {
                            if (!(message.globalNames && message.globalNames.length))
                                message.globalNames = [];
                            message.globalNames.push(reader.string());
                            break;
                        }
                    case 13: {
                            message.actionSize = reader.uint32();
                            break;
                        }
                    case 14: {
                            if (!(message.segments && message.segments.length))
                                message.segments = [];
                            message.segments.push($root.tercio.v1.ActionSegment.decode(reader, reader.uint32(), undefined, long + 1));
                            break;
                        }
                    case 15: {
                            if (!(message.decisionKinds && message.decisionKinds.length))
                                message.decisionKinds = [];
                            message.decisionKinds.push(reader.string());
                            break;
                        }
                    case 16: {
                            message.maxDecisions = reader.uint32();
                            break;
                        }
                    case 17: {
                            message.skipForced = reader.bool();
                            break;
                        }
                    case 18: {
                            message.hash = reader.string();
                            break;
                        }
                    case 19: {
                            message.interfaceHash = reader.string();
                            break;
                        }
                    case 20: {
                            message.specJson = reader.string();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an EnvSpec message.
             * @function verify
             * @memberof tercio.v1.EnvSpec
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            EnvSpec.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    if (!$util.isInteger(message.count))
                        return "count: integer expected";
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    if (!$util.isString(message.ruleset))
                        return "ruleset: string expected";
                if (message.scenarioId != null && Object.hasOwnProperty.call(message, "scenarioId"))
                    if (!$util.isString(message.scenarioId))
                        return "scenarioId: string expected";
                if (message.scenarioHash != null && Object.hasOwnProperty.call(message, "scenarioHash"))
                    if (!$util.isString(message.scenarioHash))
                        return "scenarioHash: string expected";
                if (message.planesShape != null && Object.hasOwnProperty.call(message, "planesShape")) {
                    if (!Array.isArray(message.planesShape))
                        return "planesShape: array expected";
                    for (let i = 0; i < message.planesShape.length; ++i)
                        if (!$util.isInteger(message.planesShape[i]))
                            return "planesShape: integer[] expected";
                }
                if (message.channels != null && Object.hasOwnProperty.call(message, "channels")) {
                    if (!Array.isArray(message.channels))
                        return "channels: array expected";
                    for (let i = 0; i < message.channels.length; ++i)
                        if (!$util.isString(message.channels[i]))
                            return "channels: string[] expected";
                }
                if (message.entitiesShape != null && Object.hasOwnProperty.call(message, "entitiesShape")) {
                    if (!Array.isArray(message.entitiesShape))
                        return "entitiesShape: array expected";
                    for (let i = 0; i < message.entitiesShape.length; ++i)
                        if (!$util.isInteger(message.entitiesShape[i]))
                            return "entitiesShape: integer[] expected";
                }
                if (message.entityFeatures != null && Object.hasOwnProperty.call(message, "entityFeatures")) {
                    if (!Array.isArray(message.entityFeatures))
                        return "entityFeatures: array expected";
                    for (let i = 0; i < message.entityFeatures.length; ++i)
                        if (!$util.isString(message.entityFeatures[i]))
                            return "entityFeatures: string[] expected";
                }
                if (message.entityRows != null && Object.hasOwnProperty.call(message, "entityRows")) {
                    if (!Array.isArray(message.entityRows))
                        return "entityRows: array expected";
                    for (let i = 0; i < message.entityRows.length; ++i)
                        if (!$util.isString(message.entityRows[i]))
                            return "entityRows: string[] expected";
                }
                if (message.globalsShape != null && Object.hasOwnProperty.call(message, "globalsShape")) {
                    if (!Array.isArray(message.globalsShape))
                        return "globalsShape: array expected";
                    for (let i = 0; i < message.globalsShape.length; ++i)
                        if (!$util.isInteger(message.globalsShape[i]))
                            return "globalsShape: integer[] expected";
                }
                if (message.globalNames != null && Object.hasOwnProperty.call(message, "globalNames")) {
                    if (!Array.isArray(message.globalNames))
                        return "globalNames: array expected";
                    for (let i = 0; i < message.globalNames.length; ++i)
                        if (!$util.isString(message.globalNames[i]))
                            return "globalNames: string[] expected";
                }
                if (message.actionSize != null && Object.hasOwnProperty.call(message, "actionSize"))
                    if (!$util.isInteger(message.actionSize))
                        return "actionSize: integer expected";
                if (message.segments != null && Object.hasOwnProperty.call(message, "segments")) {
                    if (!Array.isArray(message.segments))
                        return "segments: array expected";
                    for (let i = 0; i < message.segments.length; ++i) {
                        let error = $root.tercio.v1.ActionSegment.verify(message.segments[i], long + 1);
                        if (error)
                            return "segments." + error;
                    }
                }
                if (message.decisionKinds != null && Object.hasOwnProperty.call(message, "decisionKinds")) {
                    if (!Array.isArray(message.decisionKinds))
                        return "decisionKinds: array expected";
                    for (let i = 0; i < message.decisionKinds.length; ++i)
                        if (!$util.isString(message.decisionKinds[i]))
                            return "decisionKinds: string[] expected";
                }
                if (message.maxDecisions != null && Object.hasOwnProperty.call(message, "maxDecisions"))
                    if (!$util.isInteger(message.maxDecisions))
                        return "maxDecisions: integer expected";
                if (message.skipForced != null && Object.hasOwnProperty.call(message, "skipForced"))
                    if (typeof message.skipForced !== "boolean")
                        return "skipForced: boolean expected";
                if (message.hash != null && Object.hasOwnProperty.call(message, "hash"))
                    if (!$util.isString(message.hash))
                        return "hash: string expected";
                if (message.interfaceHash != null && Object.hasOwnProperty.call(message, "interfaceHash"))
                    if (!$util.isString(message.interfaceHash))
                        return "interfaceHash: string expected";
                if (message.specJson != null && Object.hasOwnProperty.call(message, "specJson"))
                    if (!$util.isString(message.specJson))
                        return "specJson: string expected";
                return null;
            };

            /**
             * Creates an EnvSpec message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.EnvSpec
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.EnvSpec} EnvSpec
             */
            EnvSpec.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.EnvSpec)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.EnvSpec: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.EnvSpec();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.count != null)
                    message.count = object.count >>> 0;
                if (object.ruleset != null)
                    message.ruleset = String(object.ruleset);
                if (object.scenarioId != null)
                    message.scenarioId = String(object.scenarioId);
                if (object.scenarioHash != null)
                    message.scenarioHash = String(object.scenarioHash);
                if (object.planesShape) {
                    if (!Array.isArray(object.planesShape))
                        throw TypeError(".tercio.v1.EnvSpec.planesShape: array expected");
                    message.planesShape = [];
                    for (let i = 0; i < object.planesShape.length; ++i)
                        message.planesShape[i] = object.planesShape[i] >>> 0;
                }
                if (object.channels) {
                    if (!Array.isArray(object.channels))
                        throw TypeError(".tercio.v1.EnvSpec.channels: array expected");
                    message.channels = [];
                    for (let i = 0; i < object.channels.length; ++i)
                        message.channels[i] = String(object.channels[i]);
                }
                if (object.entitiesShape) {
                    if (!Array.isArray(object.entitiesShape))
                        throw TypeError(".tercio.v1.EnvSpec.entitiesShape: array expected");
                    message.entitiesShape = [];
                    for (let i = 0; i < object.entitiesShape.length; ++i)
                        message.entitiesShape[i] = object.entitiesShape[i] >>> 0;
                }
                if (object.entityFeatures) {
                    if (!Array.isArray(object.entityFeatures))
                        throw TypeError(".tercio.v1.EnvSpec.entityFeatures: array expected");
                    message.entityFeatures = [];
                    for (let i = 0; i < object.entityFeatures.length; ++i)
                        message.entityFeatures[i] = String(object.entityFeatures[i]);
                }
                if (object.entityRows) {
                    if (!Array.isArray(object.entityRows))
                        throw TypeError(".tercio.v1.EnvSpec.entityRows: array expected");
                    message.entityRows = [];
                    for (let i = 0; i < object.entityRows.length; ++i)
                        message.entityRows[i] = String(object.entityRows[i]);
                }
                if (object.globalsShape) {
                    if (!Array.isArray(object.globalsShape))
                        throw TypeError(".tercio.v1.EnvSpec.globalsShape: array expected");
                    message.globalsShape = [];
                    for (let i = 0; i < object.globalsShape.length; ++i)
                        message.globalsShape[i] = object.globalsShape[i] >>> 0;
                }
                if (object.globalNames) {
                    if (!Array.isArray(object.globalNames))
                        throw TypeError(".tercio.v1.EnvSpec.globalNames: array expected");
                    message.globalNames = [];
                    for (let i = 0; i < object.globalNames.length; ++i)
                        message.globalNames[i] = String(object.globalNames[i]);
                }
                if (object.actionSize != null)
                    message.actionSize = object.actionSize >>> 0;
                if (object.segments) {
                    if (!Array.isArray(object.segments))
                        throw TypeError(".tercio.v1.EnvSpec.segments: array expected");
                    message.segments = [];
                    for (let i = 0; i < object.segments.length; ++i) {
                        if (!$util.isObject(object.segments[i]))
                            throw TypeError(".tercio.v1.EnvSpec.segments: object expected");
                        message.segments[i] = $root.tercio.v1.ActionSegment.fromObject(object.segments[i], long + 1);
                    }
                }
                if (object.decisionKinds) {
                    if (!Array.isArray(object.decisionKinds))
                        throw TypeError(".tercio.v1.EnvSpec.decisionKinds: array expected");
                    message.decisionKinds = [];
                    for (let i = 0; i < object.decisionKinds.length; ++i)
                        message.decisionKinds[i] = String(object.decisionKinds[i]);
                }
                if (object.maxDecisions != null)
                    message.maxDecisions = object.maxDecisions >>> 0;
                if (object.skipForced != null)
                    message.skipForced = Boolean(object.skipForced);
                if (object.hash != null)
                    message.hash = String(object.hash);
                if (object.interfaceHash != null)
                    message.interfaceHash = String(object.interfaceHash);
                if (object.specJson != null)
                    message.specJson = String(object.specJson);
                return message;
            };

            /**
             * Creates a plain object from an EnvSpec message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.EnvSpec
             * @static
             * @param {tercio.v1.EnvSpec} message EnvSpec
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            EnvSpec.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults) {
                    object.planesShape = [];
                    object.channels = [];
                    object.entitiesShape = [];
                    object.entityFeatures = [];
                    object.entityRows = [];
                    object.globalsShape = [];
                    object.globalNames = [];
                    object.segments = [];
                    object.decisionKinds = [];
                }
                if (options.defaults) {
                    object.envSet = 0;
                    object.count = 0;
                    object.ruleset = "";
                    object.scenarioId = "";
                    object.scenarioHash = "";
                    object.actionSize = 0;
                    object.maxDecisions = 0;
                    object.skipForced = false;
                    object.hash = "";
                    object.interfaceHash = "";
                    object.specJson = "";
                }
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    object.count = message.count;
                if (message.ruleset != null && Object.hasOwnProperty.call(message, "ruleset"))
                    object.ruleset = message.ruleset;
                if (message.scenarioId != null && Object.hasOwnProperty.call(message, "scenarioId"))
                    object.scenarioId = message.scenarioId;
                if (message.scenarioHash != null && Object.hasOwnProperty.call(message, "scenarioHash"))
                    object.scenarioHash = message.scenarioHash;
                if (message.planesShape && message.planesShape.length) {
                    object.planesShape = [];
                    for (let j = 0; j < message.planesShape.length; ++j)
                        object.planesShape[j] = message.planesShape[j];
                }
                if (message.channels && message.channels.length) {
                    object.channels = [];
                    for (let j = 0; j < message.channels.length; ++j)
                        object.channels[j] = message.channels[j];
                }
                if (message.entitiesShape && message.entitiesShape.length) {
                    object.entitiesShape = [];
                    for (let j = 0; j < message.entitiesShape.length; ++j)
                        object.entitiesShape[j] = message.entitiesShape[j];
                }
                if (message.entityFeatures && message.entityFeatures.length) {
                    object.entityFeatures = [];
                    for (let j = 0; j < message.entityFeatures.length; ++j)
                        object.entityFeatures[j] = message.entityFeatures[j];
                }
                if (message.entityRows && message.entityRows.length) {
                    object.entityRows = [];
                    for (let j = 0; j < message.entityRows.length; ++j)
                        object.entityRows[j] = message.entityRows[j];
                }
                if (message.globalsShape && message.globalsShape.length) {
                    object.globalsShape = [];
                    for (let j = 0; j < message.globalsShape.length; ++j)
                        object.globalsShape[j] = message.globalsShape[j];
                }
                if (message.globalNames && message.globalNames.length) {
                    object.globalNames = [];
                    for (let j = 0; j < message.globalNames.length; ++j)
                        object.globalNames[j] = message.globalNames[j];
                }
                if (message.actionSize != null && Object.hasOwnProperty.call(message, "actionSize"))
                    object.actionSize = message.actionSize;
                if (message.segments && message.segments.length) {
                    object.segments = [];
                    for (let j = 0; j < message.segments.length; ++j)
                        object.segments[j] = $root.tercio.v1.ActionSegment.toObject(message.segments[j], options, q + 1);
                }
                if (message.decisionKinds && message.decisionKinds.length) {
                    object.decisionKinds = [];
                    for (let j = 0; j < message.decisionKinds.length; ++j)
                        object.decisionKinds[j] = message.decisionKinds[j];
                }
                if (message.maxDecisions != null && Object.hasOwnProperty.call(message, "maxDecisions"))
                    object.maxDecisions = message.maxDecisions;
                if (message.skipForced != null && Object.hasOwnProperty.call(message, "skipForced"))
                    object.skipForced = message.skipForced;
                if (message.hash != null && Object.hasOwnProperty.call(message, "hash"))
                    object.hash = message.hash;
                if (message.interfaceHash != null && Object.hasOwnProperty.call(message, "interfaceHash"))
                    object.interfaceHash = message.interfaceHash;
                if (message.specJson != null && Object.hasOwnProperty.call(message, "specJson"))
                    object.specJson = message.specJson;
                return object;
            };

            /**
             * Converts this EnvSpec to JSON.
             * @function toJSON
             * @memberof tercio.v1.EnvSpec
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            EnvSpec.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return EnvSpec;
        })();

        v1.Reset = (function() {

            /**
             * Properties of a Reset.
             * @memberof tercio.v1
             * @interface IReset
             * @property {number|null} [envSet] Reset envSet
             * @property {number|null} [seed] Reset seed
             * @property {Array.<number>|null} [seeds] Reset seeds
             */

            /**
             * Constructs a new Reset.
             * @memberof tercio.v1
             * @classdesc Represents a Reset.
             * @implements IReset
             * @constructor
             * @param {tercio.v1.IReset=} [properties] Properties to set
             */
            function Reset(properties) {
                this.seeds = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Reset envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Reset
             * @instance
             */
            Reset.prototype.envSet = 0;

            /**
             * Reset seed.
             * @member {number|null|undefined} seed
             * @memberof tercio.v1.Reset
             * @instance
             */
            Reset.prototype.seed = null;

            /**
             * Reset seeds.
             * @member {Array.<number>} seeds
             * @memberof tercio.v1.Reset
             * @instance
             */
            Reset.prototype.seeds = $util.emptyArray;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            // Virtual OneOf for proto3 optional field
            Object.defineProperty(Reset.prototype, "_seed", {
                get: $util.oneOfGetter($oneOfFields = ["seed"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new Reset instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Reset
             * @static
             * @param {tercio.v1.IReset=} [properties] Properties to set
             * @returns {tercio.v1.Reset} Reset instance
             */
            Reset.create = function create(properties) {
                return new Reset(properties);
            };

            /**
             * Encodes the specified Reset message. Does not implicitly {@link tercio.v1.Reset.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Reset
             * @static
             * @param {tercio.v1.IReset} message Reset message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Reset.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.seed != null && Object.hasOwnProperty.call(message, "seed"))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.seed);
                if (message.seeds != null && message.seeds.length) {
                    writer.uint32(/* id 3, wireType 2 =*/26).fork();
                    for (let i = 0; i < message.seeds.length; ++i)
                        writer.uint32(message.seeds[i]);
                    writer.ldelim();
                }
                return writer;
            };

            /**
             * Decodes a Reset message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Reset
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Reset} Reset
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Reset.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Reset();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            message.seed = reader.uint32();
                            break;
                        }
                    case 3: {
                            if (!(message.seeds && message.seeds.length))
                                message.seeds = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.seeds.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.seeds.push(reader.uint32());
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Reset message.
             * @function verify
             * @memberof tercio.v1.Reset
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Reset.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                let properties = {};
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.seed != null && Object.hasOwnProperty.call(message, "seed")) {
                    properties._seed = 1;
                    if (!$util.isInteger(message.seed))
                        return "seed: integer expected";
                }
                if (message.seeds != null && Object.hasOwnProperty.call(message, "seeds")) {
                    if (!Array.isArray(message.seeds))
                        return "seeds: array expected";
                    for (let i = 0; i < message.seeds.length; ++i)
                        if (!$util.isInteger(message.seeds[i]))
                            return "seeds: integer[] expected";
                }
                return null;
            };

            /**
             * Creates a Reset message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Reset
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Reset} Reset
             */
            Reset.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Reset)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Reset: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Reset();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.seed != null)
                    message.seed = object.seed >>> 0;
                if (object.seeds) {
                    if (!Array.isArray(object.seeds))
                        throw TypeError(".tercio.v1.Reset.seeds: array expected");
                    message.seeds = [];
                    for (let i = 0; i < object.seeds.length; ++i)
                        message.seeds[i] = object.seeds[i] >>> 0;
                }
                return message;
            };

            /**
             * Creates a plain object from a Reset message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Reset
             * @static
             * @param {tercio.v1.Reset} message Reset
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Reset.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults)
                    object.seeds = [];
                if (options.defaults)
                    object.envSet = 0;
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.seed != null && Object.hasOwnProperty.call(message, "seed")) {
                    object.seed = message.seed;
                    if (options.oneofs)
                        object._seed = "seed";
                }
                if (message.seeds && message.seeds.length) {
                    object.seeds = [];
                    for (let j = 0; j < message.seeds.length; ++j)
                        object.seeds[j] = message.seeds[j];
                }
                return object;
            };

            /**
             * Converts this Reset to JSON.
             * @function toJSON
             * @memberof tercio.v1.Reset
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Reset.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Reset;
        })();

        v1.Step = (function() {

            /**
             * Properties of a Step.
             * @memberof tercio.v1
             * @interface IStep
             * @property {number|null} [envSet] Step envSet
             * @property {Array.<number>|null} [actions] Step actions
             */

            /**
             * Constructs a new Step.
             * @memberof tercio.v1
             * @classdesc Represents a Step.
             * @implements IStep
             * @constructor
             * @param {tercio.v1.IStep=} [properties] Properties to set
             */
            function Step(properties) {
                this.actions = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Step envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Step
             * @instance
             */
            Step.prototype.envSet = 0;

            /**
             * Step actions.
             * @member {Array.<number>} actions
             * @memberof tercio.v1.Step
             * @instance
             */
            Step.prototype.actions = $util.emptyArray;

            /**
             * Creates a new Step instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Step
             * @static
             * @param {tercio.v1.IStep=} [properties] Properties to set
             * @returns {tercio.v1.Step} Step instance
             */
            Step.create = function create(properties) {
                return new Step(properties);
            };

            /**
             * Encodes the specified Step message. Does not implicitly {@link tercio.v1.Step.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Step
             * @static
             * @param {tercio.v1.IStep} message Step message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Step.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.actions != null && message.actions.length) {
                    writer.uint32(/* id 2, wireType 2 =*/18).fork();
                    for (let i = 0; i < message.actions.length; ++i)
                        writer.int32(message.actions[i]);
                    writer.ldelim();
                }
                return writer;
            };

            /**
             * Decodes a Step message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Step
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Step} Step
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Step.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Step();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            if (!(message.actions && message.actions.length))
                                message.actions = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.actions.push(reader.int32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.actions.push(reader.int32());
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Step message.
             * @function verify
             * @memberof tercio.v1.Step
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Step.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.actions != null && Object.hasOwnProperty.call(message, "actions")) {
                    if (!Array.isArray(message.actions))
                        return "actions: array expected";
                    for (let i = 0; i < message.actions.length; ++i)
                        if (!$util.isInteger(message.actions[i]))
                            return "actions: integer[] expected";
                }
                return null;
            };

            /**
             * Creates a Step message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Step
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Step} Step
             */
            Step.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Step)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Step: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Step();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.actions) {
                    if (!Array.isArray(object.actions))
                        throw TypeError(".tercio.v1.Step.actions: array expected");
                    message.actions = [];
                    for (let i = 0; i < object.actions.length; ++i)
                        message.actions[i] = object.actions[i] | 0;
                }
                return message;
            };

            /**
             * Creates a plain object from a Step message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Step
             * @static
             * @param {tercio.v1.Step} message Step
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Step.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults)
                    object.actions = [];
                if (options.defaults)
                    object.envSet = 0;
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.actions && message.actions.length) {
                    object.actions = [];
                    for (let j = 0; j < message.actions.length; ++j)
                        object.actions[j] = message.actions[j];
                }
                return object;
            };

            /**
             * Converts this Step to JSON.
             * @function toJSON
             * @memberof tercio.v1.Step
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Step.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Step;
        })();

        v1.OpponentActions = (function() {

            /**
             * Properties of an OpponentActions.
             * @memberof tercio.v1
             * @interface IOpponentActions
             * @property {number|null} [env] OpponentActions env
             * @property {Array.<string>|null} [actions] OpponentActions actions
             * @property {Array.<string>|null} [afterReset] OpponentActions afterReset
             */

            /**
             * Constructs a new OpponentActions.
             * @memberof tercio.v1
             * @classdesc Represents an OpponentActions.
             * @implements IOpponentActions
             * @constructor
             * @param {tercio.v1.IOpponentActions=} [properties] Properties to set
             */
            function OpponentActions(properties) {
                this.actions = [];
                this.afterReset = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * OpponentActions env.
             * @member {number} env
             * @memberof tercio.v1.OpponentActions
             * @instance
             */
            OpponentActions.prototype.env = 0;

            /**
             * OpponentActions actions.
             * @member {Array.<string>} actions
             * @memberof tercio.v1.OpponentActions
             * @instance
             */
            OpponentActions.prototype.actions = $util.emptyArray;

            /**
             * OpponentActions afterReset.
             * @member {Array.<string>} afterReset
             * @memberof tercio.v1.OpponentActions
             * @instance
             */
            OpponentActions.prototype.afterReset = $util.emptyArray;

            /**
             * Creates a new OpponentActions instance using the specified properties.
             * @function create
             * @memberof tercio.v1.OpponentActions
             * @static
             * @param {tercio.v1.IOpponentActions=} [properties] Properties to set
             * @returns {tercio.v1.OpponentActions} OpponentActions instance
             */
            OpponentActions.create = function create(properties) {
                return new OpponentActions(properties);
            };

            /**
             * Encodes the specified OpponentActions message. Does not implicitly {@link tercio.v1.OpponentActions.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.OpponentActions
             * @static
             * @param {tercio.v1.IOpponentActions} message OpponentActions message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            OpponentActions.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.env);
                if (message.actions != null && message.actions.length)
                    for (let i = 0; i < message.actions.length; ++i)
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.actions[i]);
                if (message.afterReset != null && message.afterReset.length)
                    for (let i = 0; i < message.afterReset.length; ++i)
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.afterReset[i]);
                return writer;
            };

            /**
             * Decodes an OpponentActions message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.OpponentActions
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.OpponentActions} OpponentActions
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            OpponentActions.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.OpponentActions();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.env = reader.uint32();
                            break;
                        }
                    case 2: {
                            if (!(message.actions && message.actions.length))
                                message.actions = [];
                            message.actions.push(reader.string());
                            break;
                        }
                    case 3: {
                            if (!(message.afterReset && message.afterReset.length))
                                message.afterReset = [];
                            message.afterReset.push(reader.string());
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an OpponentActions message.
             * @function verify
             * @memberof tercio.v1.OpponentActions
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            OpponentActions.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    if (!$util.isInteger(message.env))
                        return "env: integer expected";
                if (message.actions != null && Object.hasOwnProperty.call(message, "actions")) {
                    if (!Array.isArray(message.actions))
                        return "actions: array expected";
                    for (let i = 0; i < message.actions.length; ++i)
                        if (!$util.isString(message.actions[i]))
                            return "actions: string[] expected";
                }
                if (message.afterReset != null && Object.hasOwnProperty.call(message, "afterReset")) {
                    if (!Array.isArray(message.afterReset))
                        return "afterReset: array expected";
                    for (let i = 0; i < message.afterReset.length; ++i)
                        if (!$util.isString(message.afterReset[i]))
                            return "afterReset: string[] expected";
                }
                return null;
            };

            /**
             * Creates an OpponentActions message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.OpponentActions
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.OpponentActions} OpponentActions
             */
            OpponentActions.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.OpponentActions)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.OpponentActions: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.OpponentActions();
                if (object.env != null)
                    message.env = object.env >>> 0;
                if (object.actions) {
                    if (!Array.isArray(object.actions))
                        throw TypeError(".tercio.v1.OpponentActions.actions: array expected");
                    message.actions = [];
                    for (let i = 0; i < object.actions.length; ++i)
                        message.actions[i] = String(object.actions[i]);
                }
                if (object.afterReset) {
                    if (!Array.isArray(object.afterReset))
                        throw TypeError(".tercio.v1.OpponentActions.afterReset: array expected");
                    message.afterReset = [];
                    for (let i = 0; i < object.afterReset.length; ++i)
                        message.afterReset[i] = String(object.afterReset[i]);
                }
                return message;
            };

            /**
             * Creates a plain object from an OpponentActions message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.OpponentActions
             * @static
             * @param {tercio.v1.OpponentActions} message OpponentActions
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            OpponentActions.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults) {
                    object.actions = [];
                    object.afterReset = [];
                }
                if (options.defaults)
                    object.env = 0;
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    object.env = message.env;
                if (message.actions && message.actions.length) {
                    object.actions = [];
                    for (let j = 0; j < message.actions.length; ++j)
                        object.actions[j] = message.actions[j];
                }
                if (message.afterReset && message.afterReset.length) {
                    object.afterReset = [];
                    for (let j = 0; j < message.afterReset.length; ++j)
                        object.afterReset[j] = message.afterReset[j];
                }
                return object;
            };

            /**
             * Converts this OpponentActions to JSON.
             * @function toJSON
             * @memberof tercio.v1.OpponentActions
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            OpponentActions.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return OpponentActions;
        })();

        v1.EnvEvents = (function() {

            /**
             * Properties of an EnvEvents.
             * @memberof tercio.v1
             * @interface IEnvEvents
             * @property {number|null} [env] EnvEvents env
             * @property {Array.<string>|null} [text] EnvEvents text
             */

            /**
             * Constructs a new EnvEvents.
             * @memberof tercio.v1
             * @classdesc Represents an EnvEvents.
             * @implements IEnvEvents
             * @constructor
             * @param {tercio.v1.IEnvEvents=} [properties] Properties to set
             */
            function EnvEvents(properties) {
                this.text = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * EnvEvents env.
             * @member {number} env
             * @memberof tercio.v1.EnvEvents
             * @instance
             */
            EnvEvents.prototype.env = 0;

            /**
             * EnvEvents text.
             * @member {Array.<string>} text
             * @memberof tercio.v1.EnvEvents
             * @instance
             */
            EnvEvents.prototype.text = $util.emptyArray;

            /**
             * Creates a new EnvEvents instance using the specified properties.
             * @function create
             * @memberof tercio.v1.EnvEvents
             * @static
             * @param {tercio.v1.IEnvEvents=} [properties] Properties to set
             * @returns {tercio.v1.EnvEvents} EnvEvents instance
             */
            EnvEvents.create = function create(properties) {
                return new EnvEvents(properties);
            };

            /**
             * Encodes the specified EnvEvents message. Does not implicitly {@link tercio.v1.EnvEvents.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.EnvEvents
             * @static
             * @param {tercio.v1.IEnvEvents} message EnvEvents message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            EnvEvents.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.env);
                if (message.text != null && message.text.length)
                    for (let i = 0; i < message.text.length; ++i)
                        writer.uint32(/* id 2, wireType 2 =*/18).string(message.text[i]);
                return writer;
            };

            /**
             * Decodes an EnvEvents message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.EnvEvents
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.EnvEvents} EnvEvents
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            EnvEvents.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.EnvEvents();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.env = reader.uint32();
                            break;
                        }
                    case 2: {
                            if (!(message.text && message.text.length))
                                message.text = [];
                            message.text.push(reader.string());
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an EnvEvents message.
             * @function verify
             * @memberof tercio.v1.EnvEvents
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            EnvEvents.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    if (!$util.isInteger(message.env))
                        return "env: integer expected";
                if (message.text != null && Object.hasOwnProperty.call(message, "text")) {
                    if (!Array.isArray(message.text))
                        return "text: array expected";
                    for (let i = 0; i < message.text.length; ++i)
                        if (!$util.isString(message.text[i]))
                            return "text: string[] expected";
                }
                return null;
            };

            /**
             * Creates an EnvEvents message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.EnvEvents
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.EnvEvents} EnvEvents
             */
            EnvEvents.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.EnvEvents)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.EnvEvents: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.EnvEvents();
                if (object.env != null)
                    message.env = object.env >>> 0;
                if (object.text) {
                    if (!Array.isArray(object.text))
                        throw TypeError(".tercio.v1.EnvEvents.text: array expected");
                    message.text = [];
                    for (let i = 0; i < object.text.length; ++i)
                        message.text[i] = String(object.text[i]);
                }
                return message;
            };

            /**
             * Creates a plain object from an EnvEvents message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.EnvEvents
             * @static
             * @param {tercio.v1.EnvEvents} message EnvEvents
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            EnvEvents.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults)
                    object.text = [];
                if (options.defaults)
                    object.env = 0;
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    object.env = message.env;
                if (message.text && message.text.length) {
                    object.text = [];
                    for (let j = 0; j < message.text.length; ++j)
                        object.text[j] = message.text[j];
                }
                return object;
            };

            /**
             * Converts this EnvEvents to JSON.
             * @function toJSON
             * @memberof tercio.v1.EnvEvents
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            EnvEvents.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return EnvEvents;
        })();

        v1.Batch = (function() {

            /**
             * Properties of a Batch.
             * @memberof tercio.v1
             * @interface IBatch
             * @property {number|null} [envSet] Batch envSet
             * @property {number|null} [count] Batch count
             * @property {Uint8Array|null} [planes] Batch planes
             * @property {Uint8Array|null} [entities] Batch entities
             * @property {Uint8Array|null} [globals] Batch globals
             * @property {Uint8Array|null} [masks] Batch masks
             * @property {Uint8Array|null} [rewards] Batch rewards
             * @property {Uint8Array|null} [terminated] Batch terminated
             * @property {Uint8Array|null} [truncated] Batch truncated
             * @property {Uint8Array|null} [player] Batch player
             * @property {Uint8Array|null} [actor] Batch actor
             * @property {Uint8Array|null} [legalCount] Batch legalCount
             * @property {Uint8Array|null} [decisionKind] Batch decisionKind
             * @property {Uint8Array|null} [decisions] Batch decisions
             * @property {Array.<number>|null} [finalEnvs] Batch finalEnvs
             * @property {Uint8Array|null} [finalPlanes] Batch finalPlanes
             * @property {Uint8Array|null} [finalEntities] Batch finalEntities
             * @property {Uint8Array|null} [finalGlobals] Batch finalGlobals
             * @property {Uint8Array|null} [finalMasks] Batch finalMasks
             * @property {Uint8Array|null} [episodeReturn] Batch episodeReturn
             * @property {Uint8Array|null} [episodeDecisions] Batch episodeDecisions
             * @property {Uint8Array|null} [winner] Batch winner
             * @property {Array.<tercio.v1.IEnvEvents>|null} [events] Batch events
             * @property {Uint8Array|null} [skipped] Batch skipped
             * @property {Uint8Array|null} [planesIndex] Batch planesIndex
             * @property {Uint8Array|null} [planesValue] Batch planesValue
             * @property {Array.<tercio.v1.IOpponentActions>|null} [opponentActions] Batch opponentActions
             * @property {Array.<string>|null} [subjects] Batch subjects
             * @property {Uint8Array|null} [delta] Batch delta
             * @property {Uint8Array|null} [finalDelta] Batch finalDelta
             * @property {boolean|null} [deltaReset] Batch deltaReset
             */

            /**
             * Constructs a new Batch.
             * @memberof tercio.v1
             * @classdesc Represents a Batch.
             * @implements IBatch
             * @constructor
             * @param {tercio.v1.IBatch=} [properties] Properties to set
             */
            function Batch(properties) {
                this.finalEnvs = [];
                this.events = [];
                this.opponentActions = [];
                this.subjects = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Batch envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.envSet = 0;

            /**
             * Batch count.
             * @member {number} count
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.count = 0;

            /**
             * Batch planes.
             * @member {Uint8Array} planes
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.planes = $util.newBuffer([]);

            /**
             * Batch entities.
             * @member {Uint8Array} entities
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.entities = $util.newBuffer([]);

            /**
             * Batch globals.
             * @member {Uint8Array} globals
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.globals = $util.newBuffer([]);

            /**
             * Batch masks.
             * @member {Uint8Array} masks
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.masks = $util.newBuffer([]);

            /**
             * Batch rewards.
             * @member {Uint8Array} rewards
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.rewards = $util.newBuffer([]);

            /**
             * Batch terminated.
             * @member {Uint8Array} terminated
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.terminated = $util.newBuffer([]);

            /**
             * Batch truncated.
             * @member {Uint8Array} truncated
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.truncated = $util.newBuffer([]);

            /**
             * Batch player.
             * @member {Uint8Array} player
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.player = $util.newBuffer([]);

            /**
             * Batch actor.
             * @member {Uint8Array} actor
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.actor = $util.newBuffer([]);

            /**
             * Batch legalCount.
             * @member {Uint8Array} legalCount
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.legalCount = $util.newBuffer([]);

            /**
             * Batch decisionKind.
             * @member {Uint8Array} decisionKind
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.decisionKind = $util.newBuffer([]);

            /**
             * Batch decisions.
             * @member {Uint8Array} decisions
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.decisions = $util.newBuffer([]);

            /**
             * Batch finalEnvs.
             * @member {Array.<number>} finalEnvs
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.finalEnvs = $util.emptyArray;

            /**
             * Batch finalPlanes.
             * @member {Uint8Array} finalPlanes
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.finalPlanes = $util.newBuffer([]);

            /**
             * Batch finalEntities.
             * @member {Uint8Array} finalEntities
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.finalEntities = $util.newBuffer([]);

            /**
             * Batch finalGlobals.
             * @member {Uint8Array} finalGlobals
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.finalGlobals = $util.newBuffer([]);

            /**
             * Batch finalMasks.
             * @member {Uint8Array} finalMasks
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.finalMasks = $util.newBuffer([]);

            /**
             * Batch episodeReturn.
             * @member {Uint8Array} episodeReturn
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.episodeReturn = $util.newBuffer([]);

            /**
             * Batch episodeDecisions.
             * @member {Uint8Array} episodeDecisions
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.episodeDecisions = $util.newBuffer([]);

            /**
             * Batch winner.
             * @member {Uint8Array} winner
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.winner = $util.newBuffer([]);

            /**
             * Batch events.
             * @member {Array.<tercio.v1.IEnvEvents>} events
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.events = $util.emptyArray;

            /**
             * Batch skipped.
             * @member {Uint8Array} skipped
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.skipped = $util.newBuffer([]);

            /**
             * Batch planesIndex.
             * @member {Uint8Array} planesIndex
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.planesIndex = $util.newBuffer([]);

            /**
             * Batch planesValue.
             * @member {Uint8Array} planesValue
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.planesValue = $util.newBuffer([]);

            /**
             * Batch opponentActions.
             * @member {Array.<tercio.v1.IOpponentActions>} opponentActions
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.opponentActions = $util.emptyArray;

            /**
             * Batch subjects.
             * @member {Array.<string>} subjects
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.subjects = $util.emptyArray;

            /**
             * Batch delta.
             * @member {Uint8Array} delta
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.delta = $util.newBuffer([]);

            /**
             * Batch finalDelta.
             * @member {Uint8Array} finalDelta
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.finalDelta = $util.newBuffer([]);

            /**
             * Batch deltaReset.
             * @member {boolean} deltaReset
             * @memberof tercio.v1.Batch
             * @instance
             */
            Batch.prototype.deltaReset = false;

            /**
             * Creates a new Batch instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Batch
             * @static
             * @param {tercio.v1.IBatch=} [properties] Properties to set
             * @returns {tercio.v1.Batch} Batch instance
             */
            Batch.create = function create(properties) {
                return new Batch(properties);
            };

            /**
             * Encodes the specified Batch message. Does not implicitly {@link tercio.v1.Batch.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Batch
             * @static
             * @param {tercio.v1.IBatch} message Batch message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Batch.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.count);
                if (message.planes != null && Object.hasOwnProperty.call(message, "planes"))
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.planes);
                if (message.entities != null && Object.hasOwnProperty.call(message, "entities"))
                    writer.uint32(/* id 4, wireType 2 =*/34).bytes(message.entities);
                if (message.globals != null && Object.hasOwnProperty.call(message, "globals"))
                    writer.uint32(/* id 5, wireType 2 =*/42).bytes(message.globals);
                if (message.masks != null && Object.hasOwnProperty.call(message, "masks"))
                    writer.uint32(/* id 6, wireType 2 =*/50).bytes(message.masks);
                if (message.rewards != null && Object.hasOwnProperty.call(message, "rewards"))
                    writer.uint32(/* id 7, wireType 2 =*/58).bytes(message.rewards);
                if (message.terminated != null && Object.hasOwnProperty.call(message, "terminated"))
                    writer.uint32(/* id 8, wireType 2 =*/66).bytes(message.terminated);
                if (message.truncated != null && Object.hasOwnProperty.call(message, "truncated"))
                    writer.uint32(/* id 9, wireType 2 =*/74).bytes(message.truncated);
                if (message.player != null && Object.hasOwnProperty.call(message, "player"))
                    writer.uint32(/* id 10, wireType 2 =*/82).bytes(message.player);
                if (message.actor != null && Object.hasOwnProperty.call(message, "actor"))
                    writer.uint32(/* id 11, wireType 2 =*/90).bytes(message.actor);
                if (message.legalCount != null && Object.hasOwnProperty.call(message, "legalCount"))
                    writer.uint32(/* id 12, wireType 2 =*/98).bytes(message.legalCount);
                if (message.decisionKind != null && Object.hasOwnProperty.call(message, "decisionKind"))
                    writer.uint32(/* id 13, wireType 2 =*/106).bytes(message.decisionKind);
                if (message.decisions != null && Object.hasOwnProperty.call(message, "decisions"))
                    writer.uint32(/* id 14, wireType 2 =*/114).bytes(message.decisions);
                if (message.finalEnvs != null && message.finalEnvs.length) {
                    writer.uint32(/* id 15, wireType 2 =*/122).fork();
                    for (let i = 0; i < message.finalEnvs.length; ++i)
                        writer.uint32(message.finalEnvs[i]);
                    writer.ldelim();
                }
                if (message.finalPlanes != null && Object.hasOwnProperty.call(message, "finalPlanes"))
                    writer.uint32(/* id 16, wireType 2 =*/130).bytes(message.finalPlanes);
                if (message.finalEntities != null && Object.hasOwnProperty.call(message, "finalEntities"))
                    writer.uint32(/* id 17, wireType 2 =*/138).bytes(message.finalEntities);
                if (message.finalGlobals != null && Object.hasOwnProperty.call(message, "finalGlobals"))
                    writer.uint32(/* id 18, wireType 2 =*/146).bytes(message.finalGlobals);
                if (message.finalMasks != null && Object.hasOwnProperty.call(message, "finalMasks"))
                    writer.uint32(/* id 19, wireType 2 =*/154).bytes(message.finalMasks);
                if (message.episodeReturn != null && Object.hasOwnProperty.call(message, "episodeReturn"))
                    writer.uint32(/* id 20, wireType 2 =*/162).bytes(message.episodeReturn);
                if (message.episodeDecisions != null && Object.hasOwnProperty.call(message, "episodeDecisions"))
                    writer.uint32(/* id 21, wireType 2 =*/170).bytes(message.episodeDecisions);
                if (message.winner != null && Object.hasOwnProperty.call(message, "winner"))
                    writer.uint32(/* id 22, wireType 2 =*/178).bytes(message.winner);
                if (message.events != null && message.events.length)
                    for (let i = 0; i < message.events.length; ++i)
                        $root.tercio.v1.EnvEvents.encode(message.events[i], writer.uint32(/* id 23, wireType 2 =*/186).fork(), q + 1).ldelim();
                if (message.skipped != null && Object.hasOwnProperty.call(message, "skipped"))
                    writer.uint32(/* id 24, wireType 2 =*/194).bytes(message.skipped);
                if (message.planesIndex != null && Object.hasOwnProperty.call(message, "planesIndex"))
                    writer.uint32(/* id 25, wireType 2 =*/202).bytes(message.planesIndex);
                if (message.planesValue != null && Object.hasOwnProperty.call(message, "planesValue"))
                    writer.uint32(/* id 26, wireType 2 =*/210).bytes(message.planesValue);
                if (message.opponentActions != null && message.opponentActions.length)
                    for (let i = 0; i < message.opponentActions.length; ++i)
                        $root.tercio.v1.OpponentActions.encode(message.opponentActions[i], writer.uint32(/* id 27, wireType 2 =*/218).fork(), q + 1).ldelim();
                if (message.subjects != null && message.subjects.length)
                    for (let i = 0; i < message.subjects.length; ++i)
                        writer.uint32(/* id 28, wireType 2 =*/226).string(message.subjects[i]);
                if (message.delta != null && Object.hasOwnProperty.call(message, "delta"))
                    writer.uint32(/* id 29, wireType 2 =*/234).bytes(message.delta);
                if (message.finalDelta != null && Object.hasOwnProperty.call(message, "finalDelta"))
                    writer.uint32(/* id 30, wireType 2 =*/242).bytes(message.finalDelta);
                if (message.deltaReset != null && Object.hasOwnProperty.call(message, "deltaReset"))
                    writer.uint32(/* id 31, wireType 0 =*/248).bool(message.deltaReset);
                return writer;
            };

            /**
             * Decodes a Batch message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Batch
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Batch} Batch
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Batch.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Batch();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            message.count = reader.uint32();
                            break;
                        }
                    case 3: {
                            message.planes = reader.bytes();
                            break;
                        }
                    case 4: {
                            message.entities = reader.bytes();
                            break;
                        }
                    case 5: {
                            message.globals = reader.bytes();
                            break;
                        }
                    case 6: {
                            message.masks = reader.bytes();
                            break;
                        }
                    case 7: {
                            message.rewards = reader.bytes();
                            break;
                        }
                    case 8: {
                            message.terminated = reader.bytes();
                            break;
                        }
                    case 9: {
                            message.truncated = reader.bytes();
                            break;
                        }
                    case 10: {
                            message.player = reader.bytes();
                            break;
                        }
                    case 11: {
                            message.actor = reader.bytes();
                            break;
                        }
                    case 12: {
                            message.legalCount = reader.bytes();
                            break;
                        }
                    case 13: {
                            message.decisionKind = reader.bytes();
                            break;
                        }
                    case 14: {
                            message.decisions = reader.bytes();
                            break;
                        }
                    case 15: {
                            if (!(message.finalEnvs && message.finalEnvs.length))
                                message.finalEnvs = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.finalEnvs.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.finalEnvs.push(reader.uint32());
                            break;
                        }
                    case 16: {
                            message.finalPlanes = reader.bytes();
                            break;
                        }
                    case 17: {
                            message.finalEntities = reader.bytes();
                            break;
                        }
                    case 18: {
                            message.finalGlobals = reader.bytes();
                            break;
                        }
                    case 19: {
                            message.finalMasks = reader.bytes();
                            break;
                        }
                    case 20: {
                            message.episodeReturn = reader.bytes();
                            break;
                        }
                    case 21: {
                            message.episodeDecisions = reader.bytes();
                            break;
                        }
                    case 22: {
                            message.winner = reader.bytes();
                            break;
                        }
                    case 23: {
                            if (!(message.events && message.events.length))
                                message.events = [];
                            message.events.push($root.tercio.v1.EnvEvents.decode(reader, reader.uint32(), undefined, long + 1));
                            break;
                        }
                    case 24: {
                            message.skipped = reader.bytes();
                            break;
                        }
                    case 25: {
                            message.planesIndex = reader.bytes();
                            break;
                        }
                    case 26: {
                            message.planesValue = reader.bytes();
                            break;
                        }
                    case 27: {
                            if (!(message.opponentActions && message.opponentActions.length))
                                message.opponentActions = [];
                            message.opponentActions.push($root.tercio.v1.OpponentActions.decode(reader, reader.uint32(), undefined, long + 1));
                            break;
                        }
                    case 28: {
                            if (!(message.subjects && message.subjects.length))
                                message.subjects = [];
                            message.subjects.push(reader.string());
                            break;
                        }
                    case 29: {
                            message.delta = reader.bytes();
                            break;
                        }
                    case 30: {
                            message.finalDelta = reader.bytes();
                            break;
                        }
                    case 31: {
                            message.deltaReset = reader.bool();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Batch message.
             * @function verify
             * @memberof tercio.v1.Batch
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Batch.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    if (!$util.isInteger(message.count))
                        return "count: integer expected";
                if (message.planes != null && Object.hasOwnProperty.call(message, "planes"))
                    if (!(message.planes && typeof message.planes.length === "number" || $util.isString(message.planes)))
                        return "planes: buffer expected";
                if (message.entities != null && Object.hasOwnProperty.call(message, "entities"))
                    if (!(message.entities && typeof message.entities.length === "number" || $util.isString(message.entities)))
                        return "entities: buffer expected";
                if (message.globals != null && Object.hasOwnProperty.call(message, "globals"))
                    if (!(message.globals && typeof message.globals.length === "number" || $util.isString(message.globals)))
                        return "globals: buffer expected";
                if (message.masks != null && Object.hasOwnProperty.call(message, "masks"))
                    if (!(message.masks && typeof message.masks.length === "number" || $util.isString(message.masks)))
                        return "masks: buffer expected";
                if (message.rewards != null && Object.hasOwnProperty.call(message, "rewards"))
                    if (!(message.rewards && typeof message.rewards.length === "number" || $util.isString(message.rewards)))
                        return "rewards: buffer expected";
                if (message.terminated != null && Object.hasOwnProperty.call(message, "terminated"))
                    if (!(message.terminated && typeof message.terminated.length === "number" || $util.isString(message.terminated)))
                        return "terminated: buffer expected";
                if (message.truncated != null && Object.hasOwnProperty.call(message, "truncated"))
                    if (!(message.truncated && typeof message.truncated.length === "number" || $util.isString(message.truncated)))
                        return "truncated: buffer expected";
                if (message.player != null && Object.hasOwnProperty.call(message, "player"))
                    if (!(message.player && typeof message.player.length === "number" || $util.isString(message.player)))
                        return "player: buffer expected";
                if (message.actor != null && Object.hasOwnProperty.call(message, "actor"))
                    if (!(message.actor && typeof message.actor.length === "number" || $util.isString(message.actor)))
                        return "actor: buffer expected";
                if (message.legalCount != null && Object.hasOwnProperty.call(message, "legalCount"))
                    if (!(message.legalCount && typeof message.legalCount.length === "number" || $util.isString(message.legalCount)))
                        return "legalCount: buffer expected";
                if (message.decisionKind != null && Object.hasOwnProperty.call(message, "decisionKind"))
                    if (!(message.decisionKind && typeof message.decisionKind.length === "number" || $util.isString(message.decisionKind)))
                        return "decisionKind: buffer expected";
                if (message.decisions != null && Object.hasOwnProperty.call(message, "decisions"))
                    if (!(message.decisions && typeof message.decisions.length === "number" || $util.isString(message.decisions)))
                        return "decisions: buffer expected";
                if (message.finalEnvs != null && Object.hasOwnProperty.call(message, "finalEnvs")) {
                    if (!Array.isArray(message.finalEnvs))
                        return "finalEnvs: array expected";
                    for (let i = 0; i < message.finalEnvs.length; ++i)
                        if (!$util.isInteger(message.finalEnvs[i]))
                            return "finalEnvs: integer[] expected";
                }
                if (message.finalPlanes != null && Object.hasOwnProperty.call(message, "finalPlanes"))
                    if (!(message.finalPlanes && typeof message.finalPlanes.length === "number" || $util.isString(message.finalPlanes)))
                        return "finalPlanes: buffer expected";
                if (message.finalEntities != null && Object.hasOwnProperty.call(message, "finalEntities"))
                    if (!(message.finalEntities && typeof message.finalEntities.length === "number" || $util.isString(message.finalEntities)))
                        return "finalEntities: buffer expected";
                if (message.finalGlobals != null && Object.hasOwnProperty.call(message, "finalGlobals"))
                    if (!(message.finalGlobals && typeof message.finalGlobals.length === "number" || $util.isString(message.finalGlobals)))
                        return "finalGlobals: buffer expected";
                if (message.finalMasks != null && Object.hasOwnProperty.call(message, "finalMasks"))
                    if (!(message.finalMasks && typeof message.finalMasks.length === "number" || $util.isString(message.finalMasks)))
                        return "finalMasks: buffer expected";
                if (message.episodeReturn != null && Object.hasOwnProperty.call(message, "episodeReturn"))
                    if (!(message.episodeReturn && typeof message.episodeReturn.length === "number" || $util.isString(message.episodeReturn)))
                        return "episodeReturn: buffer expected";
                if (message.episodeDecisions != null && Object.hasOwnProperty.call(message, "episodeDecisions"))
                    if (!(message.episodeDecisions && typeof message.episodeDecisions.length === "number" || $util.isString(message.episodeDecisions)))
                        return "episodeDecisions: buffer expected";
                if (message.winner != null && Object.hasOwnProperty.call(message, "winner"))
                    if (!(message.winner && typeof message.winner.length === "number" || $util.isString(message.winner)))
                        return "winner: buffer expected";
                if (message.events != null && Object.hasOwnProperty.call(message, "events")) {
                    if (!Array.isArray(message.events))
                        return "events: array expected";
                    for (let i = 0; i < message.events.length; ++i) {
                        let error = $root.tercio.v1.EnvEvents.verify(message.events[i], long + 1);
                        if (error)
                            return "events." + error;
                    }
                }
                if (message.skipped != null && Object.hasOwnProperty.call(message, "skipped"))
                    if (!(message.skipped && typeof message.skipped.length === "number" || $util.isString(message.skipped)))
                        return "skipped: buffer expected";
                if (message.planesIndex != null && Object.hasOwnProperty.call(message, "planesIndex"))
                    if (!(message.planesIndex && typeof message.planesIndex.length === "number" || $util.isString(message.planesIndex)))
                        return "planesIndex: buffer expected";
                if (message.planesValue != null && Object.hasOwnProperty.call(message, "planesValue"))
                    if (!(message.planesValue && typeof message.planesValue.length === "number" || $util.isString(message.planesValue)))
                        return "planesValue: buffer expected";
                if (message.opponentActions != null && Object.hasOwnProperty.call(message, "opponentActions")) {
                    if (!Array.isArray(message.opponentActions))
                        return "opponentActions: array expected";
                    for (let i = 0; i < message.opponentActions.length; ++i) {
                        let error = $root.tercio.v1.OpponentActions.verify(message.opponentActions[i], long + 1);
                        if (error)
                            return "opponentActions." + error;
                    }
                }
                if (message.subjects != null && Object.hasOwnProperty.call(message, "subjects")) {
                    if (!Array.isArray(message.subjects))
                        return "subjects: array expected";
                    for (let i = 0; i < message.subjects.length; ++i)
                        if (!$util.isString(message.subjects[i]))
                            return "subjects: string[] expected";
                }
                if (message.delta != null && Object.hasOwnProperty.call(message, "delta"))
                    if (!(message.delta && typeof message.delta.length === "number" || $util.isString(message.delta)))
                        return "delta: buffer expected";
                if (message.finalDelta != null && Object.hasOwnProperty.call(message, "finalDelta"))
                    if (!(message.finalDelta && typeof message.finalDelta.length === "number" || $util.isString(message.finalDelta)))
                        return "finalDelta: buffer expected";
                if (message.deltaReset != null && Object.hasOwnProperty.call(message, "deltaReset"))
                    if (typeof message.deltaReset !== "boolean")
                        return "deltaReset: boolean expected";
                return null;
            };

            /**
             * Creates a Batch message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Batch
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Batch} Batch
             */
            Batch.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Batch)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Batch: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Batch();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.count != null)
                    message.count = object.count >>> 0;
                if (object.planes != null)
                    if (typeof object.planes === "string")
                        $util.base64.decode(object.planes, message.planes = $util.newBuffer($util.base64.length(object.planes)), 0);
                    else if (object.planes.length >= 0)
                        message.planes = object.planes;
                if (object.entities != null)
                    if (typeof object.entities === "string")
                        $util.base64.decode(object.entities, message.entities = $util.newBuffer($util.base64.length(object.entities)), 0);
                    else if (object.entities.length >= 0)
                        message.entities = object.entities;
                if (object.globals != null)
                    if (typeof object.globals === "string")
                        $util.base64.decode(object.globals, message.globals = $util.newBuffer($util.base64.length(object.globals)), 0);
                    else if (object.globals.length >= 0)
                        message.globals = object.globals;
                if (object.masks != null)
                    if (typeof object.masks === "string")
                        $util.base64.decode(object.masks, message.masks = $util.newBuffer($util.base64.length(object.masks)), 0);
                    else if (object.masks.length >= 0)
                        message.masks = object.masks;
                if (object.rewards != null)
                    if (typeof object.rewards === "string")
                        $util.base64.decode(object.rewards, message.rewards = $util.newBuffer($util.base64.length(object.rewards)), 0);
                    else if (object.rewards.length >= 0)
                        message.rewards = object.rewards;
                if (object.terminated != null)
                    if (typeof object.terminated === "string")
                        $util.base64.decode(object.terminated, message.terminated = $util.newBuffer($util.base64.length(object.terminated)), 0);
                    else if (object.terminated.length >= 0)
                        message.terminated = object.terminated;
                if (object.truncated != null)
                    if (typeof object.truncated === "string")
                        $util.base64.decode(object.truncated, message.truncated = $util.newBuffer($util.base64.length(object.truncated)), 0);
                    else if (object.truncated.length >= 0)
                        message.truncated = object.truncated;
                if (object.player != null)
                    if (typeof object.player === "string")
                        $util.base64.decode(object.player, message.player = $util.newBuffer($util.base64.length(object.player)), 0);
                    else if (object.player.length >= 0)
                        message.player = object.player;
                if (object.actor != null)
                    if (typeof object.actor === "string")
                        $util.base64.decode(object.actor, message.actor = $util.newBuffer($util.base64.length(object.actor)), 0);
                    else if (object.actor.length >= 0)
                        message.actor = object.actor;
                if (object.legalCount != null)
                    if (typeof object.legalCount === "string")
                        $util.base64.decode(object.legalCount, message.legalCount = $util.newBuffer($util.base64.length(object.legalCount)), 0);
                    else if (object.legalCount.length >= 0)
                        message.legalCount = object.legalCount;
                if (object.decisionKind != null)
                    if (typeof object.decisionKind === "string")
                        $util.base64.decode(object.decisionKind, message.decisionKind = $util.newBuffer($util.base64.length(object.decisionKind)), 0);
                    else if (object.decisionKind.length >= 0)
                        message.decisionKind = object.decisionKind;
                if (object.decisions != null)
                    if (typeof object.decisions === "string")
                        $util.base64.decode(object.decisions, message.decisions = $util.newBuffer($util.base64.length(object.decisions)), 0);
                    else if (object.decisions.length >= 0)
                        message.decisions = object.decisions;
                if (object.finalEnvs) {
                    if (!Array.isArray(object.finalEnvs))
                        throw TypeError(".tercio.v1.Batch.finalEnvs: array expected");
                    message.finalEnvs = [];
                    for (let i = 0; i < object.finalEnvs.length; ++i)
                        message.finalEnvs[i] = object.finalEnvs[i] >>> 0;
                }
                if (object.finalPlanes != null)
                    if (typeof object.finalPlanes === "string")
                        $util.base64.decode(object.finalPlanes, message.finalPlanes = $util.newBuffer($util.base64.length(object.finalPlanes)), 0);
                    else if (object.finalPlanes.length >= 0)
                        message.finalPlanes = object.finalPlanes;
                if (object.finalEntities != null)
                    if (typeof object.finalEntities === "string")
                        $util.base64.decode(object.finalEntities, message.finalEntities = $util.newBuffer($util.base64.length(object.finalEntities)), 0);
                    else if (object.finalEntities.length >= 0)
                        message.finalEntities = object.finalEntities;
                if (object.finalGlobals != null)
                    if (typeof object.finalGlobals === "string")
                        $util.base64.decode(object.finalGlobals, message.finalGlobals = $util.newBuffer($util.base64.length(object.finalGlobals)), 0);
                    else if (object.finalGlobals.length >= 0)
                        message.finalGlobals = object.finalGlobals;
                if (object.finalMasks != null)
                    if (typeof object.finalMasks === "string")
                        $util.base64.decode(object.finalMasks, message.finalMasks = $util.newBuffer($util.base64.length(object.finalMasks)), 0);
                    else if (object.finalMasks.length >= 0)
                        message.finalMasks = object.finalMasks;
                if (object.episodeReturn != null)
                    if (typeof object.episodeReturn === "string")
                        $util.base64.decode(object.episodeReturn, message.episodeReturn = $util.newBuffer($util.base64.length(object.episodeReturn)), 0);
                    else if (object.episodeReturn.length >= 0)
                        message.episodeReturn = object.episodeReturn;
                if (object.episodeDecisions != null)
                    if (typeof object.episodeDecisions === "string")
                        $util.base64.decode(object.episodeDecisions, message.episodeDecisions = $util.newBuffer($util.base64.length(object.episodeDecisions)), 0);
                    else if (object.episodeDecisions.length >= 0)
                        message.episodeDecisions = object.episodeDecisions;
                if (object.winner != null)
                    if (typeof object.winner === "string")
                        $util.base64.decode(object.winner, message.winner = $util.newBuffer($util.base64.length(object.winner)), 0);
                    else if (object.winner.length >= 0)
                        message.winner = object.winner;
                if (object.events) {
                    if (!Array.isArray(object.events))
                        throw TypeError(".tercio.v1.Batch.events: array expected");
                    message.events = [];
                    for (let i = 0; i < object.events.length; ++i) {
                        if (!$util.isObject(object.events[i]))
                            throw TypeError(".tercio.v1.Batch.events: object expected");
                        message.events[i] = $root.tercio.v1.EnvEvents.fromObject(object.events[i], long + 1);
                    }
                }
                if (object.skipped != null)
                    if (typeof object.skipped === "string")
                        $util.base64.decode(object.skipped, message.skipped = $util.newBuffer($util.base64.length(object.skipped)), 0);
                    else if (object.skipped.length >= 0)
                        message.skipped = object.skipped;
                if (object.planesIndex != null)
                    if (typeof object.planesIndex === "string")
                        $util.base64.decode(object.planesIndex, message.planesIndex = $util.newBuffer($util.base64.length(object.planesIndex)), 0);
                    else if (object.planesIndex.length >= 0)
                        message.planesIndex = object.planesIndex;
                if (object.planesValue != null)
                    if (typeof object.planesValue === "string")
                        $util.base64.decode(object.planesValue, message.planesValue = $util.newBuffer($util.base64.length(object.planesValue)), 0);
                    else if (object.planesValue.length >= 0)
                        message.planesValue = object.planesValue;
                if (object.opponentActions) {
                    if (!Array.isArray(object.opponentActions))
                        throw TypeError(".tercio.v1.Batch.opponentActions: array expected");
                    message.opponentActions = [];
                    for (let i = 0; i < object.opponentActions.length; ++i) {
                        if (!$util.isObject(object.opponentActions[i]))
                            throw TypeError(".tercio.v1.Batch.opponentActions: object expected");
                        message.opponentActions[i] = $root.tercio.v1.OpponentActions.fromObject(object.opponentActions[i], long + 1);
                    }
                }
                if (object.subjects) {
                    if (!Array.isArray(object.subjects))
                        throw TypeError(".tercio.v1.Batch.subjects: array expected");
                    message.subjects = [];
                    for (let i = 0; i < object.subjects.length; ++i)
                        message.subjects[i] = String(object.subjects[i]);
                }
                if (object.delta != null)
                    if (typeof object.delta === "string")
                        $util.base64.decode(object.delta, message.delta = $util.newBuffer($util.base64.length(object.delta)), 0);
                    else if (object.delta.length >= 0)
                        message.delta = object.delta;
                if (object.finalDelta != null)
                    if (typeof object.finalDelta === "string")
                        $util.base64.decode(object.finalDelta, message.finalDelta = $util.newBuffer($util.base64.length(object.finalDelta)), 0);
                    else if (object.finalDelta.length >= 0)
                        message.finalDelta = object.finalDelta;
                if (object.deltaReset != null)
                    message.deltaReset = Boolean(object.deltaReset);
                return message;
            };

            /**
             * Creates a plain object from a Batch message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Batch
             * @static
             * @param {tercio.v1.Batch} message Batch
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Batch.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults) {
                    object.finalEnvs = [];
                    object.events = [];
                    object.opponentActions = [];
                    object.subjects = [];
                }
                if (options.defaults) {
                    object.envSet = 0;
                    object.count = 0;
                    if (options.bytes === String)
                        object.planes = "";
                    else {
                        object.planes = [];
                        if (options.bytes !== Array)
                            object.planes = $util.newBuffer(object.planes);
                    }
                    if (options.bytes === String)
                        object.entities = "";
                    else {
                        object.entities = [];
                        if (options.bytes !== Array)
                            object.entities = $util.newBuffer(object.entities);
                    }
                    if (options.bytes === String)
                        object.globals = "";
                    else {
                        object.globals = [];
                        if (options.bytes !== Array)
                            object.globals = $util.newBuffer(object.globals);
                    }
                    if (options.bytes === String)
                        object.masks = "";
                    else {
                        object.masks = [];
                        if (options.bytes !== Array)
                            object.masks = $util.newBuffer(object.masks);
                    }
                    if (options.bytes === String)
                        object.rewards = "";
                    else {
                        object.rewards = [];
                        if (options.bytes !== Array)
                            object.rewards = $util.newBuffer(object.rewards);
                    }
                    if (options.bytes === String)
                        object.terminated = "";
                    else {
                        object.terminated = [];
                        if (options.bytes !== Array)
                            object.terminated = $util.newBuffer(object.terminated);
                    }
                    if (options.bytes === String)
                        object.truncated = "";
                    else {
                        object.truncated = [];
                        if (options.bytes !== Array)
                            object.truncated = $util.newBuffer(object.truncated);
                    }
                    if (options.bytes === String)
                        object.player = "";
                    else {
                        object.player = [];
                        if (options.bytes !== Array)
                            object.player = $util.newBuffer(object.player);
                    }
                    if (options.bytes === String)
                        object.actor = "";
                    else {
                        object.actor = [];
                        if (options.bytes !== Array)
                            object.actor = $util.newBuffer(object.actor);
                    }
                    if (options.bytes === String)
                        object.legalCount = "";
                    else {
                        object.legalCount = [];
                        if (options.bytes !== Array)
                            object.legalCount = $util.newBuffer(object.legalCount);
                    }
                    if (options.bytes === String)
                        object.decisionKind = "";
                    else {
                        object.decisionKind = [];
                        if (options.bytes !== Array)
                            object.decisionKind = $util.newBuffer(object.decisionKind);
                    }
                    if (options.bytes === String)
                        object.decisions = "";
                    else {
                        object.decisions = [];
                        if (options.bytes !== Array)
                            object.decisions = $util.newBuffer(object.decisions);
                    }
                    if (options.bytes === String)
                        object.finalPlanes = "";
                    else {
                        object.finalPlanes = [];
                        if (options.bytes !== Array)
                            object.finalPlanes = $util.newBuffer(object.finalPlanes);
                    }
                    if (options.bytes === String)
                        object.finalEntities = "";
                    else {
                        object.finalEntities = [];
                        if (options.bytes !== Array)
                            object.finalEntities = $util.newBuffer(object.finalEntities);
                    }
                    if (options.bytes === String)
                        object.finalGlobals = "";
                    else {
                        object.finalGlobals = [];
                        if (options.bytes !== Array)
                            object.finalGlobals = $util.newBuffer(object.finalGlobals);
                    }
                    if (options.bytes === String)
                        object.finalMasks = "";
                    else {
                        object.finalMasks = [];
                        if (options.bytes !== Array)
                            object.finalMasks = $util.newBuffer(object.finalMasks);
                    }
                    if (options.bytes === String)
                        object.episodeReturn = "";
                    else {
                        object.episodeReturn = [];
                        if (options.bytes !== Array)
                            object.episodeReturn = $util.newBuffer(object.episodeReturn);
                    }
                    if (options.bytes === String)
                        object.episodeDecisions = "";
                    else {
                        object.episodeDecisions = [];
                        if (options.bytes !== Array)
                            object.episodeDecisions = $util.newBuffer(object.episodeDecisions);
                    }
                    if (options.bytes === String)
                        object.winner = "";
                    else {
                        object.winner = [];
                        if (options.bytes !== Array)
                            object.winner = $util.newBuffer(object.winner);
                    }
                    if (options.bytes === String)
                        object.skipped = "";
                    else {
                        object.skipped = [];
                        if (options.bytes !== Array)
                            object.skipped = $util.newBuffer(object.skipped);
                    }
                    if (options.bytes === String)
                        object.planesIndex = "";
                    else {
                        object.planesIndex = [];
                        if (options.bytes !== Array)
                            object.planesIndex = $util.newBuffer(object.planesIndex);
                    }
                    if (options.bytes === String)
                        object.planesValue = "";
                    else {
                        object.planesValue = [];
                        if (options.bytes !== Array)
                            object.planesValue = $util.newBuffer(object.planesValue);
                    }
                    if (options.bytes === String)
                        object.delta = "";
                    else {
                        object.delta = [];
                        if (options.bytes !== Array)
                            object.delta = $util.newBuffer(object.delta);
                    }
                    if (options.bytes === String)
                        object.finalDelta = "";
                    else {
                        object.finalDelta = [];
                        if (options.bytes !== Array)
                            object.finalDelta = $util.newBuffer(object.finalDelta);
                    }
                    object.deltaReset = false;
                }
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.count != null && Object.hasOwnProperty.call(message, "count"))
                    object.count = message.count;
                if (message.planes != null && Object.hasOwnProperty.call(message, "planes"))
                    object.planes = options.bytes === String ? $util.base64.encode(message.planes, 0, message.planes.length) : options.bytes === Array ? Array.prototype.slice.call(message.planes) : message.planes;
                if (message.entities != null && Object.hasOwnProperty.call(message, "entities"))
                    object.entities = options.bytes === String ? $util.base64.encode(message.entities, 0, message.entities.length) : options.bytes === Array ? Array.prototype.slice.call(message.entities) : message.entities;
                if (message.globals != null && Object.hasOwnProperty.call(message, "globals"))
                    object.globals = options.bytes === String ? $util.base64.encode(message.globals, 0, message.globals.length) : options.bytes === Array ? Array.prototype.slice.call(message.globals) : message.globals;
                if (message.masks != null && Object.hasOwnProperty.call(message, "masks"))
                    object.masks = options.bytes === String ? $util.base64.encode(message.masks, 0, message.masks.length) : options.bytes === Array ? Array.prototype.slice.call(message.masks) : message.masks;
                if (message.rewards != null && Object.hasOwnProperty.call(message, "rewards"))
                    object.rewards = options.bytes === String ? $util.base64.encode(message.rewards, 0, message.rewards.length) : options.bytes === Array ? Array.prototype.slice.call(message.rewards) : message.rewards;
                if (message.terminated != null && Object.hasOwnProperty.call(message, "terminated"))
                    object.terminated = options.bytes === String ? $util.base64.encode(message.terminated, 0, message.terminated.length) : options.bytes === Array ? Array.prototype.slice.call(message.terminated) : message.terminated;
                if (message.truncated != null && Object.hasOwnProperty.call(message, "truncated"))
                    object.truncated = options.bytes === String ? $util.base64.encode(message.truncated, 0, message.truncated.length) : options.bytes === Array ? Array.prototype.slice.call(message.truncated) : message.truncated;
                if (message.player != null && Object.hasOwnProperty.call(message, "player"))
                    object.player = options.bytes === String ? $util.base64.encode(message.player, 0, message.player.length) : options.bytes === Array ? Array.prototype.slice.call(message.player) : message.player;
                if (message.actor != null && Object.hasOwnProperty.call(message, "actor"))
                    object.actor = options.bytes === String ? $util.base64.encode(message.actor, 0, message.actor.length) : options.bytes === Array ? Array.prototype.slice.call(message.actor) : message.actor;
                if (message.legalCount != null && Object.hasOwnProperty.call(message, "legalCount"))
                    object.legalCount = options.bytes === String ? $util.base64.encode(message.legalCount, 0, message.legalCount.length) : options.bytes === Array ? Array.prototype.slice.call(message.legalCount) : message.legalCount;
                if (message.decisionKind != null && Object.hasOwnProperty.call(message, "decisionKind"))
                    object.decisionKind = options.bytes === String ? $util.base64.encode(message.decisionKind, 0, message.decisionKind.length) : options.bytes === Array ? Array.prototype.slice.call(message.decisionKind) : message.decisionKind;
                if (message.decisions != null && Object.hasOwnProperty.call(message, "decisions"))
                    object.decisions = options.bytes === String ? $util.base64.encode(message.decisions, 0, message.decisions.length) : options.bytes === Array ? Array.prototype.slice.call(message.decisions) : message.decisions;
                if (message.finalEnvs && message.finalEnvs.length) {
                    object.finalEnvs = [];
                    for (let j = 0; j < message.finalEnvs.length; ++j)
                        object.finalEnvs[j] = message.finalEnvs[j];
                }
                if (message.finalPlanes != null && Object.hasOwnProperty.call(message, "finalPlanes"))
                    object.finalPlanes = options.bytes === String ? $util.base64.encode(message.finalPlanes, 0, message.finalPlanes.length) : options.bytes === Array ? Array.prototype.slice.call(message.finalPlanes) : message.finalPlanes;
                if (message.finalEntities != null && Object.hasOwnProperty.call(message, "finalEntities"))
                    object.finalEntities = options.bytes === String ? $util.base64.encode(message.finalEntities, 0, message.finalEntities.length) : options.bytes === Array ? Array.prototype.slice.call(message.finalEntities) : message.finalEntities;
                if (message.finalGlobals != null && Object.hasOwnProperty.call(message, "finalGlobals"))
                    object.finalGlobals = options.bytes === String ? $util.base64.encode(message.finalGlobals, 0, message.finalGlobals.length) : options.bytes === Array ? Array.prototype.slice.call(message.finalGlobals) : message.finalGlobals;
                if (message.finalMasks != null && Object.hasOwnProperty.call(message, "finalMasks"))
                    object.finalMasks = options.bytes === String ? $util.base64.encode(message.finalMasks, 0, message.finalMasks.length) : options.bytes === Array ? Array.prototype.slice.call(message.finalMasks) : message.finalMasks;
                if (message.episodeReturn != null && Object.hasOwnProperty.call(message, "episodeReturn"))
                    object.episodeReturn = options.bytes === String ? $util.base64.encode(message.episodeReturn, 0, message.episodeReturn.length) : options.bytes === Array ? Array.prototype.slice.call(message.episodeReturn) : message.episodeReturn;
                if (message.episodeDecisions != null && Object.hasOwnProperty.call(message, "episodeDecisions"))
                    object.episodeDecisions = options.bytes === String ? $util.base64.encode(message.episodeDecisions, 0, message.episodeDecisions.length) : options.bytes === Array ? Array.prototype.slice.call(message.episodeDecisions) : message.episodeDecisions;
                if (message.winner != null && Object.hasOwnProperty.call(message, "winner"))
                    object.winner = options.bytes === String ? $util.base64.encode(message.winner, 0, message.winner.length) : options.bytes === Array ? Array.prototype.slice.call(message.winner) : message.winner;
                if (message.events && message.events.length) {
                    object.events = [];
                    for (let j = 0; j < message.events.length; ++j)
                        object.events[j] = $root.tercio.v1.EnvEvents.toObject(message.events[j], options, q + 1);
                }
                if (message.skipped != null && Object.hasOwnProperty.call(message, "skipped"))
                    object.skipped = options.bytes === String ? $util.base64.encode(message.skipped, 0, message.skipped.length) : options.bytes === Array ? Array.prototype.slice.call(message.skipped) : message.skipped;
                if (message.planesIndex != null && Object.hasOwnProperty.call(message, "planesIndex"))
                    object.planesIndex = options.bytes === String ? $util.base64.encode(message.planesIndex, 0, message.planesIndex.length) : options.bytes === Array ? Array.prototype.slice.call(message.planesIndex) : message.planesIndex;
                if (message.planesValue != null && Object.hasOwnProperty.call(message, "planesValue"))
                    object.planesValue = options.bytes === String ? $util.base64.encode(message.planesValue, 0, message.planesValue.length) : options.bytes === Array ? Array.prototype.slice.call(message.planesValue) : message.planesValue;
                if (message.opponentActions && message.opponentActions.length) {
                    object.opponentActions = [];
                    for (let j = 0; j < message.opponentActions.length; ++j)
                        object.opponentActions[j] = $root.tercio.v1.OpponentActions.toObject(message.opponentActions[j], options, q + 1);
                }
                if (message.subjects && message.subjects.length) {
                    object.subjects = [];
                    for (let j = 0; j < message.subjects.length; ++j)
                        object.subjects[j] = message.subjects[j];
                }
                if (message.delta != null && Object.hasOwnProperty.call(message, "delta"))
                    object.delta = options.bytes === String ? $util.base64.encode(message.delta, 0, message.delta.length) : options.bytes === Array ? Array.prototype.slice.call(message.delta) : message.delta;
                if (message.finalDelta != null && Object.hasOwnProperty.call(message, "finalDelta"))
                    object.finalDelta = options.bytes === String ? $util.base64.encode(message.finalDelta, 0, message.finalDelta.length) : options.bytes === Array ? Array.prototype.slice.call(message.finalDelta) : message.finalDelta;
                if (message.deltaReset != null && Object.hasOwnProperty.call(message, "deltaReset"))
                    object.deltaReset = message.deltaReset;
                return object;
            };

            /**
             * Converts this Batch to JSON.
             * @function toJSON
             * @memberof tercio.v1.Batch
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Batch.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Batch;
        })();

        v1.CloseEnvs = (function() {

            /**
             * Properties of a CloseEnvs.
             * @memberof tercio.v1
             * @interface ICloseEnvs
             * @property {number|null} [envSet] CloseEnvs envSet
             */

            /**
             * Constructs a new CloseEnvs.
             * @memberof tercio.v1
             * @classdesc Represents a CloseEnvs.
             * @implements ICloseEnvs
             * @constructor
             * @param {tercio.v1.ICloseEnvs=} [properties] Properties to set
             */
            function CloseEnvs(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * CloseEnvs envSet.
             * @member {number} envSet
             * @memberof tercio.v1.CloseEnvs
             * @instance
             */
            CloseEnvs.prototype.envSet = 0;

            /**
             * Creates a new CloseEnvs instance using the specified properties.
             * @function create
             * @memberof tercio.v1.CloseEnvs
             * @static
             * @param {tercio.v1.ICloseEnvs=} [properties] Properties to set
             * @returns {tercio.v1.CloseEnvs} CloseEnvs instance
             */
            CloseEnvs.create = function create(properties) {
                return new CloseEnvs(properties);
            };

            /**
             * Encodes the specified CloseEnvs message. Does not implicitly {@link tercio.v1.CloseEnvs.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.CloseEnvs
             * @static
             * @param {tercio.v1.ICloseEnvs} message CloseEnvs message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            CloseEnvs.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                return writer;
            };

            /**
             * Decodes a CloseEnvs message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.CloseEnvs
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.CloseEnvs} CloseEnvs
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            CloseEnvs.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.CloseEnvs();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a CloseEnvs message.
             * @function verify
             * @memberof tercio.v1.CloseEnvs
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            CloseEnvs.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                return null;
            };

            /**
             * Creates a CloseEnvs message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.CloseEnvs
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.CloseEnvs} CloseEnvs
             */
            CloseEnvs.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.CloseEnvs)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.CloseEnvs: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.CloseEnvs();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                return message;
            };

            /**
             * Creates a plain object from a CloseEnvs message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.CloseEnvs
             * @static
             * @param {tercio.v1.CloseEnvs} message CloseEnvs
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            CloseEnvs.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults)
                    object.envSet = 0;
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                return object;
            };

            /**
             * Converts this CloseEnvs to JSON.
             * @function toJSON
             * @memberof tercio.v1.CloseEnvs
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            CloseEnvs.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return CloseEnvs;
        })();

        v1.Closed = (function() {

            /**
             * Properties of a Closed.
             * @memberof tercio.v1
             * @interface IClosed
             * @property {number|null} [envSet] Closed envSet
             */

            /**
             * Constructs a new Closed.
             * @memberof tercio.v1
             * @classdesc Represents a Closed.
             * @implements IClosed
             * @constructor
             * @param {tercio.v1.IClosed=} [properties] Properties to set
             */
            function Closed(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Closed envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Closed
             * @instance
             */
            Closed.prototype.envSet = 0;

            /**
             * Creates a new Closed instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Closed
             * @static
             * @param {tercio.v1.IClosed=} [properties] Properties to set
             * @returns {tercio.v1.Closed} Closed instance
             */
            Closed.create = function create(properties) {
                return new Closed(properties);
            };

            /**
             * Encodes the specified Closed message. Does not implicitly {@link tercio.v1.Closed.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Closed
             * @static
             * @param {tercio.v1.IClosed} message Closed message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Closed.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                return writer;
            };

            /**
             * Decodes a Closed message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Closed
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Closed} Closed
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Closed.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Closed();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Closed message.
             * @function verify
             * @memberof tercio.v1.Closed
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Closed.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                return null;
            };

            /**
             * Creates a Closed message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Closed
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Closed} Closed
             */
            Closed.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Closed)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Closed: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Closed();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                return message;
            };

            /**
             * Creates a plain object from a Closed message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Closed
             * @static
             * @param {tercio.v1.Closed} message Closed
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Closed.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults)
                    object.envSet = 0;
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                return object;
            };

            /**
             * Converts this Closed to JSON.
             * @function toJSON
             * @memberof tercio.v1.Closed
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Closed.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Closed;
        })();

        v1.Observe = (function() {

            /**
             * Properties of an Observe.
             * @memberof tercio.v1
             * @interface IObserve
             * @property {number|null} [envSet] Observe envSet
             * @property {Array.<number>|null} [envs] Observe envs
             * @property {Array.<number>|null} [players] Observe players
             */

            /**
             * Constructs a new Observe.
             * @memberof tercio.v1
             * @classdesc Represents an Observe.
             * @implements IObserve
             * @constructor
             * @param {tercio.v1.IObserve=} [properties] Properties to set
             */
            function Observe(properties) {
                this.envs = [];
                this.players = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Observe envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Observe
             * @instance
             */
            Observe.prototype.envSet = 0;

            /**
             * Observe envs.
             * @member {Array.<number>} envs
             * @memberof tercio.v1.Observe
             * @instance
             */
            Observe.prototype.envs = $util.emptyArray;

            /**
             * Observe players.
             * @member {Array.<number>} players
             * @memberof tercio.v1.Observe
             * @instance
             */
            Observe.prototype.players = $util.emptyArray;

            /**
             * Creates a new Observe instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Observe
             * @static
             * @param {tercio.v1.IObserve=} [properties] Properties to set
             * @returns {tercio.v1.Observe} Observe instance
             */
            Observe.create = function create(properties) {
                return new Observe(properties);
            };

            /**
             * Encodes the specified Observe message. Does not implicitly {@link tercio.v1.Observe.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Observe
             * @static
             * @param {tercio.v1.IObserve} message Observe message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Observe.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.envs != null && message.envs.length) {
                    writer.uint32(/* id 2, wireType 2 =*/18).fork();
                    for (let i = 0; i < message.envs.length; ++i)
                        writer.uint32(message.envs[i]);
                    writer.ldelim();
                }
                if (message.players != null && message.players.length) {
                    writer.uint32(/* id 3, wireType 2 =*/26).fork();
                    for (let i = 0; i < message.players.length; ++i)
                        writer.uint32(message.players[i]);
                    writer.ldelim();
                }
                return writer;
            };

            /**
             * Decodes an Observe message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Observe
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Observe} Observe
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Observe.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Observe();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            if (!(message.envs && message.envs.length))
                                message.envs = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.envs.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.envs.push(reader.uint32());
                            break;
                        }
                    case 3: {
                            if (!(message.players && message.players.length))
                                message.players = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.players.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.players.push(reader.uint32());
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an Observe message.
             * @function verify
             * @memberof tercio.v1.Observe
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Observe.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.envs != null && Object.hasOwnProperty.call(message, "envs")) {
                    if (!Array.isArray(message.envs))
                        return "envs: array expected";
                    for (let i = 0; i < message.envs.length; ++i)
                        if (!$util.isInteger(message.envs[i]))
                            return "envs: integer[] expected";
                }
                if (message.players != null && Object.hasOwnProperty.call(message, "players")) {
                    if (!Array.isArray(message.players))
                        return "players: array expected";
                    for (let i = 0; i < message.players.length; ++i)
                        if (!$util.isInteger(message.players[i]))
                            return "players: integer[] expected";
                }
                return null;
            };

            /**
             * Creates an Observe message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Observe
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Observe} Observe
             */
            Observe.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Observe)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Observe: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Observe();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.envs) {
                    if (!Array.isArray(object.envs))
                        throw TypeError(".tercio.v1.Observe.envs: array expected");
                    message.envs = [];
                    for (let i = 0; i < object.envs.length; ++i)
                        message.envs[i] = object.envs[i] >>> 0;
                }
                if (object.players) {
                    if (!Array.isArray(object.players))
                        throw TypeError(".tercio.v1.Observe.players: array expected");
                    message.players = [];
                    for (let i = 0; i < object.players.length; ++i)
                        message.players[i] = object.players[i] >>> 0;
                }
                return message;
            };

            /**
             * Creates a plain object from an Observe message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Observe
             * @static
             * @param {tercio.v1.Observe} message Observe
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Observe.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults) {
                    object.envs = [];
                    object.players = [];
                }
                if (options.defaults)
                    object.envSet = 0;
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.envs && message.envs.length) {
                    object.envs = [];
                    for (let j = 0; j < message.envs.length; ++j)
                        object.envs[j] = message.envs[j];
                }
                if (message.players && message.players.length) {
                    object.players = [];
                    for (let j = 0; j < message.players.length; ++j)
                        object.players[j] = message.players[j];
                }
                return object;
            };

            /**
             * Converts this Observe to JSON.
             * @function toJSON
             * @memberof tercio.v1.Observe
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Observe.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Observe;
        })();

        v1.Observation = (function() {

            /**
             * Properties of an Observation.
             * @memberof tercio.v1
             * @interface IObservation
             * @property {number|null} [envSet] Observation envSet
             * @property {Array.<number>|null} [envs] Observation envs
             * @property {Array.<number>|null} [players] Observation players
             * @property {Uint8Array|null} [planes] Observation planes
             * @property {Uint8Array|null} [entities] Observation entities
             * @property {Uint8Array|null} [globals] Observation globals
             * @property {Uint8Array|null} [masks] Observation masks
             */

            /**
             * Constructs a new Observation.
             * @memberof tercio.v1
             * @classdesc Represents an Observation.
             * @implements IObservation
             * @constructor
             * @param {tercio.v1.IObservation=} [properties] Properties to set
             */
            function Observation(properties) {
                this.envs = [];
                this.players = [];
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Observation envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Observation
             * @instance
             */
            Observation.prototype.envSet = 0;

            /**
             * Observation envs.
             * @member {Array.<number>} envs
             * @memberof tercio.v1.Observation
             * @instance
             */
            Observation.prototype.envs = $util.emptyArray;

            /**
             * Observation players.
             * @member {Array.<number>} players
             * @memberof tercio.v1.Observation
             * @instance
             */
            Observation.prototype.players = $util.emptyArray;

            /**
             * Observation planes.
             * @member {Uint8Array} planes
             * @memberof tercio.v1.Observation
             * @instance
             */
            Observation.prototype.planes = $util.newBuffer([]);

            /**
             * Observation entities.
             * @member {Uint8Array} entities
             * @memberof tercio.v1.Observation
             * @instance
             */
            Observation.prototype.entities = $util.newBuffer([]);

            /**
             * Observation globals.
             * @member {Uint8Array} globals
             * @memberof tercio.v1.Observation
             * @instance
             */
            Observation.prototype.globals = $util.newBuffer([]);

            /**
             * Observation masks.
             * @member {Uint8Array} masks
             * @memberof tercio.v1.Observation
             * @instance
             */
            Observation.prototype.masks = $util.newBuffer([]);

            /**
             * Creates a new Observation instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Observation
             * @static
             * @param {tercio.v1.IObservation=} [properties] Properties to set
             * @returns {tercio.v1.Observation} Observation instance
             */
            Observation.create = function create(properties) {
                return new Observation(properties);
            };

            /**
             * Encodes the specified Observation message. Does not implicitly {@link tercio.v1.Observation.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Observation
             * @static
             * @param {tercio.v1.IObservation} message Observation message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Observation.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.envs != null && message.envs.length) {
                    writer.uint32(/* id 2, wireType 2 =*/18).fork();
                    for (let i = 0; i < message.envs.length; ++i)
                        writer.uint32(message.envs[i]);
                    writer.ldelim();
                }
                if (message.players != null && message.players.length) {
                    writer.uint32(/* id 3, wireType 2 =*/26).fork();
                    for (let i = 0; i < message.players.length; ++i)
                        writer.uint32(message.players[i]);
                    writer.ldelim();
                }
                if (message.planes != null && Object.hasOwnProperty.call(message, "planes"))
                    writer.uint32(/* id 4, wireType 2 =*/34).bytes(message.planes);
                if (message.entities != null && Object.hasOwnProperty.call(message, "entities"))
                    writer.uint32(/* id 5, wireType 2 =*/42).bytes(message.entities);
                if (message.globals != null && Object.hasOwnProperty.call(message, "globals"))
                    writer.uint32(/* id 6, wireType 2 =*/50).bytes(message.globals);
                if (message.masks != null && Object.hasOwnProperty.call(message, "masks"))
                    writer.uint32(/* id 7, wireType 2 =*/58).bytes(message.masks);
                return writer;
            };

            /**
             * Decodes an Observation message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Observation
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Observation} Observation
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Observation.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Observation();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            if (!(message.envs && message.envs.length))
                                message.envs = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.envs.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.envs.push(reader.uint32());
                            break;
                        }
                    case 3: {
                            if (!(message.players && message.players.length))
                                message.players = [];
                            if ((tag & 7) === 2) {
                                let end2 = reader.uint32() + reader.pos;
                                if (end2 > reader.len)
                                    throw RangeError("index out of range");
                                reader.len = end2;
                                while (reader.pos < end2)
                                    message.players.push(reader.uint32());
                                if (reader.pos !== end2)
                                    throw RangeError("index out of range");
                                reader.len = end;
                            } else
                                message.players.push(reader.uint32());
                            break;
                        }
                    case 4: {
                            message.planes = reader.bytes();
                            break;
                        }
                    case 5: {
                            message.entities = reader.bytes();
                            break;
                        }
                    case 6: {
                            message.globals = reader.bytes();
                            break;
                        }
                    case 7: {
                            message.masks = reader.bytes();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an Observation message.
             * @function verify
             * @memberof tercio.v1.Observation
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Observation.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.envs != null && Object.hasOwnProperty.call(message, "envs")) {
                    if (!Array.isArray(message.envs))
                        return "envs: array expected";
                    for (let i = 0; i < message.envs.length; ++i)
                        if (!$util.isInteger(message.envs[i]))
                            return "envs: integer[] expected";
                }
                if (message.players != null && Object.hasOwnProperty.call(message, "players")) {
                    if (!Array.isArray(message.players))
                        return "players: array expected";
                    for (let i = 0; i < message.players.length; ++i)
                        if (!$util.isInteger(message.players[i]))
                            return "players: integer[] expected";
                }
                if (message.planes != null && Object.hasOwnProperty.call(message, "planes"))
                    if (!(message.planes && typeof message.planes.length === "number" || $util.isString(message.planes)))
                        return "planes: buffer expected";
                if (message.entities != null && Object.hasOwnProperty.call(message, "entities"))
                    if (!(message.entities && typeof message.entities.length === "number" || $util.isString(message.entities)))
                        return "entities: buffer expected";
                if (message.globals != null && Object.hasOwnProperty.call(message, "globals"))
                    if (!(message.globals && typeof message.globals.length === "number" || $util.isString(message.globals)))
                        return "globals: buffer expected";
                if (message.masks != null && Object.hasOwnProperty.call(message, "masks"))
                    if (!(message.masks && typeof message.masks.length === "number" || $util.isString(message.masks)))
                        return "masks: buffer expected";
                return null;
            };

            /**
             * Creates an Observation message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Observation
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Observation} Observation
             */
            Observation.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Observation)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Observation: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Observation();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.envs) {
                    if (!Array.isArray(object.envs))
                        throw TypeError(".tercio.v1.Observation.envs: array expected");
                    message.envs = [];
                    for (let i = 0; i < object.envs.length; ++i)
                        message.envs[i] = object.envs[i] >>> 0;
                }
                if (object.players) {
                    if (!Array.isArray(object.players))
                        throw TypeError(".tercio.v1.Observation.players: array expected");
                    message.players = [];
                    for (let i = 0; i < object.players.length; ++i)
                        message.players[i] = object.players[i] >>> 0;
                }
                if (object.planes != null)
                    if (typeof object.planes === "string")
                        $util.base64.decode(object.planes, message.planes = $util.newBuffer($util.base64.length(object.planes)), 0);
                    else if (object.planes.length >= 0)
                        message.planes = object.planes;
                if (object.entities != null)
                    if (typeof object.entities === "string")
                        $util.base64.decode(object.entities, message.entities = $util.newBuffer($util.base64.length(object.entities)), 0);
                    else if (object.entities.length >= 0)
                        message.entities = object.entities;
                if (object.globals != null)
                    if (typeof object.globals === "string")
                        $util.base64.decode(object.globals, message.globals = $util.newBuffer($util.base64.length(object.globals)), 0);
                    else if (object.globals.length >= 0)
                        message.globals = object.globals;
                if (object.masks != null)
                    if (typeof object.masks === "string")
                        $util.base64.decode(object.masks, message.masks = $util.newBuffer($util.base64.length(object.masks)), 0);
                    else if (object.masks.length >= 0)
                        message.masks = object.masks;
                return message;
            };

            /**
             * Creates a plain object from an Observation message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Observation
             * @static
             * @param {tercio.v1.Observation} message Observation
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Observation.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.arrays || options.defaults) {
                    object.envs = [];
                    object.players = [];
                }
                if (options.defaults) {
                    object.envSet = 0;
                    if (options.bytes === String)
                        object.planes = "";
                    else {
                        object.planes = [];
                        if (options.bytes !== Array)
                            object.planes = $util.newBuffer(object.planes);
                    }
                    if (options.bytes === String)
                        object.entities = "";
                    else {
                        object.entities = [];
                        if (options.bytes !== Array)
                            object.entities = $util.newBuffer(object.entities);
                    }
                    if (options.bytes === String)
                        object.globals = "";
                    else {
                        object.globals = [];
                        if (options.bytes !== Array)
                            object.globals = $util.newBuffer(object.globals);
                    }
                    if (options.bytes === String)
                        object.masks = "";
                    else {
                        object.masks = [];
                        if (options.bytes !== Array)
                            object.masks = $util.newBuffer(object.masks);
                    }
                }
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.envs && message.envs.length) {
                    object.envs = [];
                    for (let j = 0; j < message.envs.length; ++j)
                        object.envs[j] = message.envs[j];
                }
                if (message.players && message.players.length) {
                    object.players = [];
                    for (let j = 0; j < message.players.length; ++j)
                        object.players[j] = message.players[j];
                }
                if (message.planes != null && Object.hasOwnProperty.call(message, "planes"))
                    object.planes = options.bytes === String ? $util.base64.encode(message.planes, 0, message.planes.length) : options.bytes === Array ? Array.prototype.slice.call(message.planes) : message.planes;
                if (message.entities != null && Object.hasOwnProperty.call(message, "entities"))
                    object.entities = options.bytes === String ? $util.base64.encode(message.entities, 0, message.entities.length) : options.bytes === Array ? Array.prototype.slice.call(message.entities) : message.entities;
                if (message.globals != null && Object.hasOwnProperty.call(message, "globals"))
                    object.globals = options.bytes === String ? $util.base64.encode(message.globals, 0, message.globals.length) : options.bytes === Array ? Array.prototype.slice.call(message.globals) : message.globals;
                if (message.masks != null && Object.hasOwnProperty.call(message, "masks"))
                    object.masks = options.bytes === String ? $util.base64.encode(message.masks, 0, message.masks.length) : options.bytes === Array ? Array.prototype.slice.call(message.masks) : message.masks;
                return object;
            };

            /**
             * Converts this Observation to JSON.
             * @function toJSON
             * @memberof tercio.v1.Observation
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Observation.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Observation;
        })();

        /**
         * FrameFormat enum.
         * @name tercio.v1.FrameFormat
         * @enum {number}
         * @property {number} ASCII=0 ASCII value
         * @property {number} SVG=1 SVG value
         */
        v1.FrameFormat = (function() {
            const valuesById = {}, values = Object.create(valuesById);
            values[valuesById[0] = "ASCII"] = 0;
            values[valuesById[1] = "SVG"] = 1;
            return values;
        })();

        v1.Render = (function() {

            /**
             * Properties of a Render.
             * @memberof tercio.v1
             * @interface IRender
             * @property {number|null} [envSet] Render envSet
             * @property {number|null} [env] Render env
             * @property {tercio.v1.FrameFormat|null} [format] Render format
             */

            /**
             * Constructs a new Render.
             * @memberof tercio.v1
             * @classdesc Represents a Render.
             * @implements IRender
             * @constructor
             * @param {tercio.v1.IRender=} [properties] Properties to set
             */
            function Render(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Render envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Render
             * @instance
             */
            Render.prototype.envSet = 0;

            /**
             * Render env.
             * @member {number} env
             * @memberof tercio.v1.Render
             * @instance
             */
            Render.prototype.env = 0;

            /**
             * Render format.
             * @member {tercio.v1.FrameFormat} format
             * @memberof tercio.v1.Render
             * @instance
             */
            Render.prototype.format = 0;

            /**
             * Creates a new Render instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Render
             * @static
             * @param {tercio.v1.IRender=} [properties] Properties to set
             * @returns {tercio.v1.Render} Render instance
             */
            Render.create = function create(properties) {
                return new Render(properties);
            };

            /**
             * Encodes the specified Render message. Does not implicitly {@link tercio.v1.Render.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Render
             * @static
             * @param {tercio.v1.IRender} message Render message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Render.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.env);
                if (message.format != null && Object.hasOwnProperty.call(message, "format"))
                    writer.uint32(/* id 3, wireType 0 =*/24).int32(message.format);
                return writer;
            };

            /**
             * Decodes a Render message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Render
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Render} Render
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Render.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Render();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            message.env = reader.uint32();
                            break;
                        }
                    case 3: {
                            message.format = reader.int32();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Render message.
             * @function verify
             * @memberof tercio.v1.Render
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Render.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    if (!$util.isInteger(message.env))
                        return "env: integer expected";
                if (message.format != null && Object.hasOwnProperty.call(message, "format"))
                    switch (message.format) {
                    default:
                        return "format: enum value expected";
                    case 0:
                    case 1:
                        break;
                    }
                return null;
            };

            /**
             * Creates a Render message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Render
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Render} Render
             */
            Render.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Render)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Render: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Render();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.env != null)
                    message.env = object.env >>> 0;
                switch (object.format) {
                default:
                    if (typeof object.format === "number") {
                        message.format = object.format;
                        break;
                    }
                    break;
                case "ASCII":
                case 0:
                    message.format = 0;
                    break;
                case "SVG":
                case 1:
                    message.format = 1;
                    break;
                }
                return message;
            };

            /**
             * Creates a plain object from a Render message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Render
             * @static
             * @param {tercio.v1.Render} message Render
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Render.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.envSet = 0;
                    object.env = 0;
                    object.format = options.enums === String ? "ASCII" : 0;
                }
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    object.env = message.env;
                if (message.format != null && Object.hasOwnProperty.call(message, "format"))
                    object.format = options.enums === String ? $root.tercio.v1.FrameFormat[message.format] === undefined ? message.format : $root.tercio.v1.FrameFormat[message.format] : message.format;
                return object;
            };

            /**
             * Converts this Render to JSON.
             * @function toJSON
             * @memberof tercio.v1.Render
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Render.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Render;
        })();

        v1.Frame = (function() {

            /**
             * Properties of a Frame.
             * @memberof tercio.v1
             * @interface IFrame
             * @property {number|null} [envSet] Frame envSet
             * @property {number|null} [env] Frame env
             * @property {tercio.v1.FrameFormat|null} [format] Frame format
             * @property {string|null} [text] Frame text
             */

            /**
             * Constructs a new Frame.
             * @memberof tercio.v1
             * @classdesc Represents a Frame.
             * @implements IFrame
             * @constructor
             * @param {tercio.v1.IFrame=} [properties] Properties to set
             */
            function Frame(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Frame envSet.
             * @member {number} envSet
             * @memberof tercio.v1.Frame
             * @instance
             */
            Frame.prototype.envSet = 0;

            /**
             * Frame env.
             * @member {number} env
             * @memberof tercio.v1.Frame
             * @instance
             */
            Frame.prototype.env = 0;

            /**
             * Frame format.
             * @member {tercio.v1.FrameFormat} format
             * @memberof tercio.v1.Frame
             * @instance
             */
            Frame.prototype.format = 0;

            /**
             * Frame text.
             * @member {string} text
             * @memberof tercio.v1.Frame
             * @instance
             */
            Frame.prototype.text = "";

            /**
             * Creates a new Frame instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Frame
             * @static
             * @param {tercio.v1.IFrame=} [properties] Properties to set
             * @returns {tercio.v1.Frame} Frame instance
             */
            Frame.create = function create(properties) {
                return new Frame(properties);
            };

            /**
             * Encodes the specified Frame message. Does not implicitly {@link tercio.v1.Frame.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Frame
             * @static
             * @param {tercio.v1.IFrame} message Frame message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Frame.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.envSet);
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.env);
                if (message.format != null && Object.hasOwnProperty.call(message, "format"))
                    writer.uint32(/* id 3, wireType 0 =*/24).int32(message.format);
                if (message.text != null && Object.hasOwnProperty.call(message, "text"))
                    writer.uint32(/* id 4, wireType 2 =*/34).string(message.text);
                return writer;
            };

            /**
             * Decodes a Frame message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Frame
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Frame} Frame
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Frame.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Frame();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.envSet = reader.uint32();
                            break;
                        }
                    case 2: {
                            message.env = reader.uint32();
                            break;
                        }
                    case 3: {
                            message.format = reader.int32();
                            break;
                        }
                    case 4: {
                            message.text = reader.string();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies a Frame message.
             * @function verify
             * @memberof tercio.v1.Frame
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Frame.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    if (!$util.isInteger(message.envSet))
                        return "envSet: integer expected";
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    if (!$util.isInteger(message.env))
                        return "env: integer expected";
                if (message.format != null && Object.hasOwnProperty.call(message, "format"))
                    switch (message.format) {
                    default:
                        return "format: enum value expected";
                    case 0:
                    case 1:
                        break;
                    }
                if (message.text != null && Object.hasOwnProperty.call(message, "text"))
                    if (!$util.isString(message.text))
                        return "text: string expected";
                return null;
            };

            /**
             * Creates a Frame message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Frame
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Frame} Frame
             */
            Frame.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Frame)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Frame: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Frame();
                if (object.envSet != null)
                    message.envSet = object.envSet >>> 0;
                if (object.env != null)
                    message.env = object.env >>> 0;
                switch (object.format) {
                default:
                    if (typeof object.format === "number") {
                        message.format = object.format;
                        break;
                    }
                    break;
                case "ASCII":
                case 0:
                    message.format = 0;
                    break;
                case "SVG":
                case 1:
                    message.format = 1;
                    break;
                }
                if (object.text != null)
                    message.text = String(object.text);
                return message;
            };

            /**
             * Creates a plain object from a Frame message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Frame
             * @static
             * @param {tercio.v1.Frame} message Frame
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Frame.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.envSet = 0;
                    object.env = 0;
                    object.format = options.enums === String ? "ASCII" : 0;
                    object.text = "";
                }
                if (message.envSet != null && Object.hasOwnProperty.call(message, "envSet"))
                    object.envSet = message.envSet;
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    object.env = message.env;
                if (message.format != null && Object.hasOwnProperty.call(message, "format"))
                    object.format = options.enums === String ? $root.tercio.v1.FrameFormat[message.format] === undefined ? message.format : $root.tercio.v1.FrameFormat[message.format] : message.format;
                if (message.text != null && Object.hasOwnProperty.call(message, "text"))
                    object.text = message.text;
                return object;
            };

            /**
             * Converts this Frame to JSON.
             * @function toJSON
             * @memberof tercio.v1.Frame
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Frame.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Frame;
        })();

        v1.Error = (function() {

            /**
             * Properties of an Error.
             * @memberof tercio.v1
             * @interface IError
             * @property {string|null} [code] Error code
             * @property {string|null} [message] Error message
             * @property {number|null} [requestId] Error requestId
             * @property {number|null} [env] Error env
             */

            /**
             * Constructs a new Error.
             * @memberof tercio.v1
             * @classdesc Represents an Error.
             * @implements IError
             * @constructor
             * @param {tercio.v1.IError=} [properties] Properties to set
             */
            function Error(properties) {
                if (properties)
                    for (let keys = Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            }

            /**
             * Error code.
             * @member {string} code
             * @memberof tercio.v1.Error
             * @instance
             */
            Error.prototype.code = "";

            /**
             * Error message.
             * @member {string} message
             * @memberof tercio.v1.Error
             * @instance
             */
            Error.prototype.message = "";

            /**
             * Error requestId.
             * @member {number} requestId
             * @memberof tercio.v1.Error
             * @instance
             */
            Error.prototype.requestId = 0;

            /**
             * Error env.
             * @member {number|null|undefined} env
             * @memberof tercio.v1.Error
             * @instance
             */
            Error.prototype.env = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            // Virtual OneOf for proto3 optional field
            Object.defineProperty(Error.prototype, "_env", {
                get: $util.oneOfGetter($oneOfFields = ["env"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new Error instance using the specified properties.
             * @function create
             * @memberof tercio.v1.Error
             * @static
             * @param {tercio.v1.IError=} [properties] Properties to set
             * @returns {tercio.v1.Error} Error instance
             */
            Error.create = function create(properties) {
                return new Error(properties);
            };

            /**
             * Encodes the specified Error message. Does not implicitly {@link tercio.v1.Error.verify|verify} messages.
             * @function encode
             * @memberof tercio.v1.Error
             * @static
             * @param {tercio.v1.IError} message Error message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Error.encode = function encode(message, writer, q) {
                if (!writer)
                    writer = $Writer.create();
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                if (message.code != null && Object.hasOwnProperty.call(message, "code"))
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.code);
                if (message.message != null && Object.hasOwnProperty.call(message, "message"))
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.message);
                if (message.requestId != null && Object.hasOwnProperty.call(message, "requestId"))
                    writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.requestId);
                if (message.env != null && Object.hasOwnProperty.call(message, "env"))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.env);
                return writer;
            };

            /**
             * Decodes an Error message from the specified reader or buffer.
             * @function decode
             * @memberof tercio.v1.Error
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {tercio.v1.Error} Error
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Error.decode = function decode(reader, length, error, long) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (long === undefined)
                    long = 0;
                if (long > $Reader.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let end, message;
                if (length === undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = new $root.tercio.v1.Error();
                while (reader.pos < end) {
                    let tag = reader.uint32();
                    if (tag === error)
                        break;
                    switch (tag >>> 3) {
                    case 1: {
                            message.code = reader.string();
                            break;
                        }
                    case 2: {
                            message.message = reader.string();
                            break;
                        }
                    case 3: {
                            message.requestId = reader.uint32();
                            break;
                        }
                    case 4: {
                            message.env = reader.uint32();
                            break;
                        }
                    default:
                        reader.skipType(tag & 7, long);
                        break;
                    }
                }
                if (length !== undefined) {
                    if (reader.pos !== end)
                        throw RangeError("index out of range");
                    reader.len = length;
                }
                return message;
            };

            /**
             * Verifies an Error message.
             * @function verify
             * @memberof tercio.v1.Error
             * @static
             * @param {Object.<string,*>} message Plain object to verify
             * @returns {string|null} `null` if valid, otherwise the reason why it is not
             */
            Error.verify = function verify(message, long) {
                if (typeof message !== "object" || message === null)
                    return "object expected";
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    return "maximum nesting depth exceeded";
                let properties = {};
                if (message.code != null && Object.hasOwnProperty.call(message, "code"))
                    if (!$util.isString(message.code))
                        return "code: string expected";
                if (message.message != null && Object.hasOwnProperty.call(message, "message"))
                    if (!$util.isString(message.message))
                        return "message: string expected";
                if (message.requestId != null && Object.hasOwnProperty.call(message, "requestId"))
                    if (!$util.isInteger(message.requestId))
                        return "requestId: integer expected";
                if (message.env != null && Object.hasOwnProperty.call(message, "env")) {
                    properties._env = 1;
                    if (!$util.isInteger(message.env))
                        return "env: integer expected";
                }
                return null;
            };

            /**
             * Creates an Error message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof tercio.v1.Error
             * @static
             * @param {Object.<string,*>} object Plain object
             * @returns {tercio.v1.Error} Error
             */
            Error.fromObject = function fromObject(object, long) {
                if (object instanceof $root.tercio.v1.Error)
                    return object;
                if (!$util.isObject(object))
                    throw TypeError(".tercio.v1.Error: object expected");
                if (long === undefined)
                    long = 0;
                if (long > $util.recursionLimit)
                    throw Error("maximum nesting depth exceeded");
                let message = new $root.tercio.v1.Error();
                if (object.code != null)
                    message.code = String(object.code);
                if (object.message != null)
                    message.message = String(object.message);
                if (object.requestId != null)
                    message.requestId = object.requestId >>> 0;
                if (object.env != null)
                    message.env = object.env >>> 0;
                return message;
            };

            /**
             * Creates a plain object from an Error message. Also converts values to other types if specified.
             * @function toObject
             * @memberof tercio.v1.Error
             * @static
             * @param {tercio.v1.Error} message Error
             * @param {$protobuf.IConversionOptions} [options] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Error.toObject = function toObject(message, options, q) {
                if (!options)
                    options = {};
                if (q === undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw Error("max depth exceeded");
                let object = {};
                if (options.defaults) {
                    object.code = "";
                    object.message = "";
                    object.requestId = 0;
                }
                if (message.code != null && Object.hasOwnProperty.call(message, "code"))
                    object.code = message.code;
                if (message.message != null && Object.hasOwnProperty.call(message, "message"))
                    object.message = message.message;
                if (message.requestId != null && Object.hasOwnProperty.call(message, "requestId"))
                    object.requestId = message.requestId;
                if (message.env != null && Object.hasOwnProperty.call(message, "env")) {
                    object.env = message.env;
                    if (options.oneofs)
                        object._env = "env";
                }
                return object;
            };

            /**
             * Converts this Error to JSON.
             * @function toJSON
             * @memberof tercio.v1.Error
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Error.prototype.toJSON = function toJSON() {
                return this.constructor.toObject(this, $protobuf.util.toJSONOptions);
            };

            return Error;
        })();

        return v1;
    })();

    return tercio;
})();

export { $root as default };
