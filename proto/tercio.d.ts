import * as $protobuf from "protobufjs";
import Long = require("long");
/** Namespace tercio. */
export namespace tercio {

    /** Namespace v1. */
    namespace v1 {

        /** Properties of an Envelope. */
        interface IEnvelope {

            /** Envelope id */
            id?: (number|null);

            /** Envelope hello */
            hello?: (tercio.v1.IHello|null);

            /** Envelope welcome */
            welcome?: (tercio.v1.IWelcome|null);

            /** Envelope makeEnvs */
            makeEnvs?: (tercio.v1.IMakeEnvs|null);

            /** Envelope envSpec */
            envSpec?: (tercio.v1.IEnvSpec|null);

            /** Envelope reset */
            reset?: (tercio.v1.IReset|null);

            /** Envelope step */
            step?: (tercio.v1.IStep|null);

            /** Envelope batch */
            batch?: (tercio.v1.IBatch|null);

            /** Envelope closeEnvs */
            closeEnvs?: (tercio.v1.ICloseEnvs|null);

            /** Envelope closed */
            closed?: (tercio.v1.IClosed|null);

            /** Envelope render */
            render?: (tercio.v1.IRender|null);

            /** Envelope frame */
            frame?: (tercio.v1.IFrame|null);

            /** Envelope error */
            error?: (tercio.v1.IError|null);

            /** Envelope observe */
            observe?: (tercio.v1.IObserve|null);

            /** Envelope observation */
            observation?: (tercio.v1.IObservation|null);
        }

        /** Represents an Envelope. */
        class Envelope implements IEnvelope {

            /**
             * Constructs a new Envelope.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IEnvelope);

            /** Envelope id. */
            public id: number;

            /** Envelope hello. */
            public hello?: (tercio.v1.IHello|null);

            /** Envelope welcome. */
            public welcome?: (tercio.v1.IWelcome|null);

            /** Envelope makeEnvs. */
            public makeEnvs?: (tercio.v1.IMakeEnvs|null);

            /** Envelope envSpec. */
            public envSpec?: (tercio.v1.IEnvSpec|null);

            /** Envelope reset. */
            public reset?: (tercio.v1.IReset|null);

            /** Envelope step. */
            public step?: (tercio.v1.IStep|null);

            /** Envelope batch. */
            public batch?: (tercio.v1.IBatch|null);

            /** Envelope closeEnvs. */
            public closeEnvs?: (tercio.v1.ICloseEnvs|null);

            /** Envelope closed. */
            public closed?: (tercio.v1.IClosed|null);

            /** Envelope render. */
            public render?: (tercio.v1.IRender|null);

            /** Envelope frame. */
            public frame?: (tercio.v1.IFrame|null);

            /** Envelope error. */
            public error?: (tercio.v1.IError|null);

            /** Envelope observe. */
            public observe?: (tercio.v1.IObserve|null);

            /** Envelope observation. */
            public observation?: (tercio.v1.IObservation|null);

            /** Envelope kind. */
            public kind?: ("hello"|"welcome"|"makeEnvs"|"envSpec"|"reset"|"step"|"batch"|"closeEnvs"|"closed"|"render"|"frame"|"error"|"observe"|"observation");

            /**
             * Creates a new Envelope instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Envelope instance
             */
            public static create(properties?: tercio.v1.IEnvelope): tercio.v1.Envelope;

            /**
             * Encodes the specified Envelope message. Does not implicitly {@link tercio.v1.Envelope.verify|verify} messages.
             * @param message Envelope message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IEnvelope, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Envelope message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Envelope
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Envelope;

            /**
             * Verifies an Envelope message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an Envelope message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Envelope
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Envelope;

            /**
             * Creates a plain object from an Envelope message. Also converts values to other types if specified.
             * @param message Envelope
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Envelope, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Envelope to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a Hello. */
        interface IHello {

            /** Hello protocolVersion */
            protocolVersion?: (number|null);

            /** Hello clientName */
            clientName?: (string|null);

            /** Hello token */
            token?: (string|null);
        }

        /** Represents a Hello. */
        class Hello implements IHello {

            /**
             * Constructs a new Hello.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IHello);

            /** Hello protocolVersion. */
            public protocolVersion: number;

            /** Hello clientName. */
            public clientName: string;

            /** Hello token. */
            public token: string;

            /**
             * Creates a new Hello instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Hello instance
             */
            public static create(properties?: tercio.v1.IHello): tercio.v1.Hello;

            /**
             * Encodes the specified Hello message. Does not implicitly {@link tercio.v1.Hello.verify|verify} messages.
             * @param message Hello message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IHello, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Hello message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Hello
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Hello;

            /**
             * Verifies a Hello message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Hello message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Hello
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Hello;

            /**
             * Creates a plain object from a Hello message. Also converts values to other types if specified.
             * @param message Hello
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Hello, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Hello to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a RulesetInfo. */
        interface IRulesetInfo {

            /** RulesetInfo id */
            id?: (string|null);

            /** RulesetInfo name */
            name?: (string|null);
        }

        /** Represents a RulesetInfo. */
        class RulesetInfo implements IRulesetInfo {

            /**
             * Constructs a new RulesetInfo.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IRulesetInfo);

            /** RulesetInfo id. */
            public id: string;

            /** RulesetInfo name. */
            public name: string;

            /**
             * Creates a new RulesetInfo instance using the specified properties.
             * @param [properties] Properties to set
             * @returns RulesetInfo instance
             */
            public static create(properties?: tercio.v1.IRulesetInfo): tercio.v1.RulesetInfo;

            /**
             * Encodes the specified RulesetInfo message. Does not implicitly {@link tercio.v1.RulesetInfo.verify|verify} messages.
             * @param message RulesetInfo message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IRulesetInfo, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a RulesetInfo message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns RulesetInfo
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.RulesetInfo;

            /**
             * Verifies a RulesetInfo message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a RulesetInfo message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns RulesetInfo
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.RulesetInfo;

            /**
             * Creates a plain object from a RulesetInfo message. Also converts values to other types if specified.
             * @param message RulesetInfo
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.RulesetInfo, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this RulesetInfo to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a ScenarioInfo. */
        interface IScenarioInfo {

            /** ScenarioInfo id */
            id?: (string|null);

            /** ScenarioInfo ruleset */
            ruleset?: (string|null);

            /** ScenarioInfo name */
            name?: (string|null);

            /** ScenarioInfo description */
            description?: (string|null);
        }

        /** Represents a ScenarioInfo. */
        class ScenarioInfo implements IScenarioInfo {

            /**
             * Constructs a new ScenarioInfo.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IScenarioInfo);

            /** ScenarioInfo id. */
            public id: string;

            /** ScenarioInfo ruleset. */
            public ruleset: string;

            /** ScenarioInfo name. */
            public name: string;

            /** ScenarioInfo description. */
            public description: string;

            /**
             * Creates a new ScenarioInfo instance using the specified properties.
             * @param [properties] Properties to set
             * @returns ScenarioInfo instance
             */
            public static create(properties?: tercio.v1.IScenarioInfo): tercio.v1.ScenarioInfo;

            /**
             * Encodes the specified ScenarioInfo message. Does not implicitly {@link tercio.v1.ScenarioInfo.verify|verify} messages.
             * @param message ScenarioInfo message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IScenarioInfo, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a ScenarioInfo message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns ScenarioInfo
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.ScenarioInfo;

            /**
             * Verifies a ScenarioInfo message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a ScenarioInfo message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns ScenarioInfo
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.ScenarioInfo;

            /**
             * Creates a plain object from a ScenarioInfo message. Also converts values to other types if specified.
             * @param message ScenarioInfo
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.ScenarioInfo, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this ScenarioInfo to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a Welcome. */
        interface IWelcome {

            /** Welcome protocolVersion */
            protocolVersion?: (number|null);

            /** Welcome serverVersion */
            serverVersion?: (string|null);

            /** Welcome capabilities */
            capabilities?: (string[]|null);

            /** Welcome rulesets */
            rulesets?: (tercio.v1.IRulesetInfo[]|null);

            /** Welcome scenarios */
            scenarios?: (tercio.v1.IScenarioInfo[]|null);

            /** Welcome maxEnvs */
            maxEnvs?: (number|null);

            /** Welcome maxPayload */
            maxPayload?: (number|null);

            /** Welcome agents */
            agents?: (string[]|null);
        }

        /** Represents a Welcome. */
        class Welcome implements IWelcome {

            /**
             * Constructs a new Welcome.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IWelcome);

            /** Welcome protocolVersion. */
            public protocolVersion: number;

            /** Welcome serverVersion. */
            public serverVersion: string;

            /** Welcome capabilities. */
            public capabilities: string[];

            /** Welcome rulesets. */
            public rulesets: tercio.v1.IRulesetInfo[];

            /** Welcome scenarios. */
            public scenarios: tercio.v1.IScenarioInfo[];

            /** Welcome maxEnvs. */
            public maxEnvs: number;

            /** Welcome maxPayload. */
            public maxPayload: number;

            /** Welcome agents. */
            public agents: string[];

            /**
             * Creates a new Welcome instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Welcome instance
             */
            public static create(properties?: tercio.v1.IWelcome): tercio.v1.Welcome;

            /**
             * Encodes the specified Welcome message. Does not implicitly {@link tercio.v1.Welcome.verify|verify} messages.
             * @param message Welcome message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IWelcome, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Welcome message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Welcome
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Welcome;

            /**
             * Verifies a Welcome message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Welcome message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Welcome
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Welcome;

            /**
             * Creates a plain object from a Welcome message. Also converts values to other types if specified.
             * @param message Welcome
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Welcome, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Welcome to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an EnvOptions. */
        interface IEnvOptions {

            /** EnvOptions skipForced */
            skipForced?: (boolean|null);

            /** EnvOptions maxDecisions */
            maxDecisions?: (number|null);

            /** EnvOptions rewardShaping */
            rewardShaping?: (number|null);

            /** EnvOptions events */
            events?: (boolean|null);

            /** EnvOptions sparsePlanes */
            sparsePlanes?: (boolean|null);

            /** EnvOptions opponent */
            opponent?: (string|null);

            /** EnvOptions opponentPlayer */
            opponentPlayer?: (number|null);

            /** EnvOptions subjects */
            subjects?: (boolean|null);

            /** EnvOptions deltaObservations */
            deltaObservations?: (boolean|null);

            /** EnvOptions autoresetMode */
            autoresetMode?: (tercio.v1.AutoresetMode|null);
        }

        /** Represents an EnvOptions. */
        class EnvOptions implements IEnvOptions {

            /**
             * Constructs a new EnvOptions.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IEnvOptions);

            /** EnvOptions skipForced. */
            public skipForced?: (boolean|null);

            /** EnvOptions maxDecisions. */
            public maxDecisions?: (number|null);

            /** EnvOptions rewardShaping. */
            public rewardShaping?: (number|null);

            /** EnvOptions events. */
            public events: boolean;

            /** EnvOptions sparsePlanes. */
            public sparsePlanes: boolean;

            /** EnvOptions opponent. */
            public opponent: string;

            /** EnvOptions opponentPlayer. */
            public opponentPlayer: number;

            /** EnvOptions subjects. */
            public subjects: boolean;

            /** EnvOptions deltaObservations. */
            public deltaObservations: boolean;

            /** EnvOptions autoresetMode. */
            public autoresetMode: tercio.v1.AutoresetMode;

            /**
             * Creates a new EnvOptions instance using the specified properties.
             * @param [properties] Properties to set
             * @returns EnvOptions instance
             */
            public static create(properties?: tercio.v1.IEnvOptions): tercio.v1.EnvOptions;

            /**
             * Encodes the specified EnvOptions message. Does not implicitly {@link tercio.v1.EnvOptions.verify|verify} messages.
             * @param message EnvOptions message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IEnvOptions, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an EnvOptions message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns EnvOptions
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.EnvOptions;

            /**
             * Verifies an EnvOptions message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an EnvOptions message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns EnvOptions
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.EnvOptions;

            /**
             * Creates a plain object from an EnvOptions message. Also converts values to other types if specified.
             * @param message EnvOptions
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.EnvOptions, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this EnvOptions to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** AutoresetMode enum. */
        enum AutoresetMode {
            SAME_STEP = 0,
            NEXT_STEP = 1
        }

        /** Properties of a MakeEnvs. */
        interface IMakeEnvs {

            /** MakeEnvs ruleset */
            ruleset?: (string|null);

            /** MakeEnvs scenarioId */
            scenarioId?: (string|null);

            /** MakeEnvs scenarioJson */
            scenarioJson?: (string|null);

            /** MakeEnvs count */
            count?: (number|null);

            /** MakeEnvs baseSeed */
            baseSeed?: (number|null);

            /** MakeEnvs options */
            options?: (tercio.v1.IEnvOptions|null);
        }

        /** Represents a MakeEnvs. */
        class MakeEnvs implements IMakeEnvs {

            /**
             * Constructs a new MakeEnvs.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IMakeEnvs);

            /** MakeEnvs ruleset. */
            public ruleset: string;

            /** MakeEnvs scenarioId. */
            public scenarioId?: (string|null);

            /** MakeEnvs scenarioJson. */
            public scenarioJson?: (string|null);

            /** MakeEnvs count. */
            public count: number;

            /** MakeEnvs baseSeed. */
            public baseSeed?: (number|null);

            /** MakeEnvs options. */
            public options?: (tercio.v1.IEnvOptions|null);

            /** MakeEnvs scenario. */
            public scenario?: ("scenarioId"|"scenarioJson");

            /**
             * Creates a new MakeEnvs instance using the specified properties.
             * @param [properties] Properties to set
             * @returns MakeEnvs instance
             */
            public static create(properties?: tercio.v1.IMakeEnvs): tercio.v1.MakeEnvs;

            /**
             * Encodes the specified MakeEnvs message. Does not implicitly {@link tercio.v1.MakeEnvs.verify|verify} messages.
             * @param message MakeEnvs message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IMakeEnvs, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a MakeEnvs message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns MakeEnvs
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.MakeEnvs;

            /**
             * Verifies a MakeEnvs message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a MakeEnvs message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns MakeEnvs
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.MakeEnvs;

            /**
             * Creates a plain object from a MakeEnvs message. Also converts values to other types if specified.
             * @param message MakeEnvs
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.MakeEnvs, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this MakeEnvs to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an ActionSegment. */
        interface IActionSegment {

            /** ActionSegment name */
            name?: (string|null);

            /** ActionSegment offset */
            offset?: (number|null);

            /** ActionSegment size */
            size?: (number|null);

            /** ActionSegment texts */
            texts?: (string[]|null);
        }

        /** Represents an ActionSegment. */
        class ActionSegment implements IActionSegment {

            /**
             * Constructs a new ActionSegment.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IActionSegment);

            /** ActionSegment name. */
            public name: string;

            /** ActionSegment offset. */
            public offset: number;

            /** ActionSegment size. */
            public size: number;

            /** ActionSegment texts. */
            public texts: string[];

            /**
             * Creates a new ActionSegment instance using the specified properties.
             * @param [properties] Properties to set
             * @returns ActionSegment instance
             */
            public static create(properties?: tercio.v1.IActionSegment): tercio.v1.ActionSegment;

            /**
             * Encodes the specified ActionSegment message. Does not implicitly {@link tercio.v1.ActionSegment.verify|verify} messages.
             * @param message ActionSegment message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IActionSegment, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an ActionSegment message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns ActionSegment
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.ActionSegment;

            /**
             * Verifies an ActionSegment message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an ActionSegment message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns ActionSegment
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.ActionSegment;

            /**
             * Creates a plain object from an ActionSegment message. Also converts values to other types if specified.
             * @param message ActionSegment
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.ActionSegment, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this ActionSegment to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an EnvSpec. */
        interface IEnvSpec {

            /** EnvSpec envSet */
            envSet?: (number|null);

            /** EnvSpec count */
            count?: (number|null);

            /** EnvSpec ruleset */
            ruleset?: (string|null);

            /** EnvSpec scenarioId */
            scenarioId?: (string|null);

            /** EnvSpec scenarioHash */
            scenarioHash?: (string|null);

            /** EnvSpec planesShape */
            planesShape?: (number[]|null);

            /** EnvSpec channels */
            channels?: (string[]|null);

            /** EnvSpec entitiesShape */
            entitiesShape?: (number[]|null);

            /** EnvSpec entityFeatures */
            entityFeatures?: (string[]|null);

            /** EnvSpec entityRows */
            entityRows?: (string[]|null);

            /** EnvSpec globalsShape */
            globalsShape?: (number[]|null);

            /** EnvSpec globalNames */
            globalNames?: (string[]|null);

            /** EnvSpec actionSize */
            actionSize?: (number|null);

            /** EnvSpec segments */
            segments?: (tercio.v1.IActionSegment[]|null);

            /** EnvSpec decisionKinds */
            decisionKinds?: (string[]|null);

            /** EnvSpec maxDecisions */
            maxDecisions?: (number|null);

            /** EnvSpec skipForced */
            skipForced?: (boolean|null);

            /** EnvSpec hash */
            hash?: (string|null);

            /** EnvSpec interfaceHash */
            interfaceHash?: (string|null);

            /** EnvSpec specJson */
            specJson?: (string|null);
        }

        /** Represents an EnvSpec. */
        class EnvSpec implements IEnvSpec {

            /**
             * Constructs a new EnvSpec.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IEnvSpec);

            /** EnvSpec envSet. */
            public envSet: number;

            /** EnvSpec count. */
            public count: number;

            /** EnvSpec ruleset. */
            public ruleset: string;

            /** EnvSpec scenarioId. */
            public scenarioId: string;

            /** EnvSpec scenarioHash. */
            public scenarioHash: string;

            /** EnvSpec planesShape. */
            public planesShape: number[];

            /** EnvSpec channels. */
            public channels: string[];

            /** EnvSpec entitiesShape. */
            public entitiesShape: number[];

            /** EnvSpec entityFeatures. */
            public entityFeatures: string[];

            /** EnvSpec entityRows. */
            public entityRows: string[];

            /** EnvSpec globalsShape. */
            public globalsShape: number[];

            /** EnvSpec globalNames. */
            public globalNames: string[];

            /** EnvSpec actionSize. */
            public actionSize: number;

            /** EnvSpec segments. */
            public segments: tercio.v1.IActionSegment[];

            /** EnvSpec decisionKinds. */
            public decisionKinds: string[];

            /** EnvSpec maxDecisions. */
            public maxDecisions: number;

            /** EnvSpec skipForced. */
            public skipForced: boolean;

            /** EnvSpec hash. */
            public hash: string;

            /** EnvSpec interfaceHash. */
            public interfaceHash: string;

            /** EnvSpec specJson. */
            public specJson: string;

            /**
             * Creates a new EnvSpec instance using the specified properties.
             * @param [properties] Properties to set
             * @returns EnvSpec instance
             */
            public static create(properties?: tercio.v1.IEnvSpec): tercio.v1.EnvSpec;

            /**
             * Encodes the specified EnvSpec message. Does not implicitly {@link tercio.v1.EnvSpec.verify|verify} messages.
             * @param message EnvSpec message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IEnvSpec, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an EnvSpec message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns EnvSpec
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.EnvSpec;

            /**
             * Verifies an EnvSpec message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an EnvSpec message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns EnvSpec
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.EnvSpec;

            /**
             * Creates a plain object from an EnvSpec message. Also converts values to other types if specified.
             * @param message EnvSpec
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.EnvSpec, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this EnvSpec to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a Reset. */
        interface IReset {

            /** Reset envSet */
            envSet?: (number|null);

            /** Reset seed */
            seed?: (number|null);

            /** Reset seeds */
            seeds?: (number[]|null);
        }

        /** Represents a Reset. */
        class Reset implements IReset {

            /**
             * Constructs a new Reset.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IReset);

            /** Reset envSet. */
            public envSet: number;

            /** Reset seed. */
            public seed?: (number|null);

            /** Reset seeds. */
            public seeds: number[];

            /**
             * Creates a new Reset instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Reset instance
             */
            public static create(properties?: tercio.v1.IReset): tercio.v1.Reset;

            /**
             * Encodes the specified Reset message. Does not implicitly {@link tercio.v1.Reset.verify|verify} messages.
             * @param message Reset message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IReset, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Reset message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Reset
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Reset;

            /**
             * Verifies a Reset message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Reset message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Reset
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Reset;

            /**
             * Creates a plain object from a Reset message. Also converts values to other types if specified.
             * @param message Reset
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Reset, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Reset to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a Step. */
        interface IStep {

            /** Step envSet */
            envSet?: (number|null);

            /** Step actions */
            actions?: (number[]|null);
        }

        /** Represents a Step. */
        class Step implements IStep {

            /**
             * Constructs a new Step.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IStep);

            /** Step envSet. */
            public envSet: number;

            /** Step actions. */
            public actions: number[];

            /**
             * Creates a new Step instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Step instance
             */
            public static create(properties?: tercio.v1.IStep): tercio.v1.Step;

            /**
             * Encodes the specified Step message. Does not implicitly {@link tercio.v1.Step.verify|verify} messages.
             * @param message Step message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IStep, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Step message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Step
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Step;

            /**
             * Verifies a Step message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Step message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Step
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Step;

            /**
             * Creates a plain object from a Step message. Also converts values to other types if specified.
             * @param message Step
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Step, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Step to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an OpponentActions. */
        interface IOpponentActions {

            /** OpponentActions env */
            env?: (number|null);

            /** OpponentActions actions */
            actions?: (string[]|null);

            /** OpponentActions afterReset */
            afterReset?: (string[]|null);
        }

        /** Represents an OpponentActions. */
        class OpponentActions implements IOpponentActions {

            /**
             * Constructs a new OpponentActions.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IOpponentActions);

            /** OpponentActions env. */
            public env: number;

            /** OpponentActions actions. */
            public actions: string[];

            /** OpponentActions afterReset. */
            public afterReset: string[];

            /**
             * Creates a new OpponentActions instance using the specified properties.
             * @param [properties] Properties to set
             * @returns OpponentActions instance
             */
            public static create(properties?: tercio.v1.IOpponentActions): tercio.v1.OpponentActions;

            /**
             * Encodes the specified OpponentActions message. Does not implicitly {@link tercio.v1.OpponentActions.verify|verify} messages.
             * @param message OpponentActions message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IOpponentActions, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an OpponentActions message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns OpponentActions
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.OpponentActions;

            /**
             * Verifies an OpponentActions message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an OpponentActions message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns OpponentActions
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.OpponentActions;

            /**
             * Creates a plain object from an OpponentActions message. Also converts values to other types if specified.
             * @param message OpponentActions
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.OpponentActions, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this OpponentActions to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an EnvEvents. */
        interface IEnvEvents {

            /** EnvEvents env */
            env?: (number|null);

            /** EnvEvents text */
            text?: (string[]|null);
        }

        /** Represents an EnvEvents. */
        class EnvEvents implements IEnvEvents {

            /**
             * Constructs a new EnvEvents.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IEnvEvents);

            /** EnvEvents env. */
            public env: number;

            /** EnvEvents text. */
            public text: string[];

            /**
             * Creates a new EnvEvents instance using the specified properties.
             * @param [properties] Properties to set
             * @returns EnvEvents instance
             */
            public static create(properties?: tercio.v1.IEnvEvents): tercio.v1.EnvEvents;

            /**
             * Encodes the specified EnvEvents message. Does not implicitly {@link tercio.v1.EnvEvents.verify|verify} messages.
             * @param message EnvEvents message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IEnvEvents, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an EnvEvents message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns EnvEvents
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.EnvEvents;

            /**
             * Verifies an EnvEvents message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an EnvEvents message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns EnvEvents
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.EnvEvents;

            /**
             * Creates a plain object from an EnvEvents message. Also converts values to other types if specified.
             * @param message EnvEvents
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.EnvEvents, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this EnvEvents to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a Batch. */
        interface IBatch {

            /** Batch envSet */
            envSet?: (number|null);

            /** Batch count */
            count?: (number|null);

            /** Batch planes */
            planes?: (Uint8Array|null);

            /** Batch entities */
            entities?: (Uint8Array|null);

            /** Batch globals */
            globals?: (Uint8Array|null);

            /** Batch masks */
            masks?: (Uint8Array|null);

            /** Batch rewards */
            rewards?: (Uint8Array|null);

            /** Batch terminated */
            terminated?: (Uint8Array|null);

            /** Batch truncated */
            truncated?: (Uint8Array|null);

            /** Batch player */
            player?: (Uint8Array|null);

            /** Batch actor */
            actor?: (Uint8Array|null);

            /** Batch legalCount */
            legalCount?: (Uint8Array|null);

            /** Batch decisionKind */
            decisionKind?: (Uint8Array|null);

            /** Batch decisions */
            decisions?: (Uint8Array|null);

            /** Batch finalEnvs */
            finalEnvs?: (number[]|null);

            /** Batch finalPlanes */
            finalPlanes?: (Uint8Array|null);

            /** Batch finalEntities */
            finalEntities?: (Uint8Array|null);

            /** Batch finalGlobals */
            finalGlobals?: (Uint8Array|null);

            /** Batch finalMasks */
            finalMasks?: (Uint8Array|null);

            /** Batch episodeReturn */
            episodeReturn?: (Uint8Array|null);

            /** Batch episodeDecisions */
            episodeDecisions?: (Uint8Array|null);

            /** Batch winner */
            winner?: (Uint8Array|null);

            /** Batch events */
            events?: (tercio.v1.IEnvEvents[]|null);

            /** Batch skipped */
            skipped?: (Uint8Array|null);

            /** Batch planesIndex */
            planesIndex?: (Uint8Array|null);

            /** Batch planesValue */
            planesValue?: (Uint8Array|null);

            /** Batch opponentActions */
            opponentActions?: (tercio.v1.IOpponentActions[]|null);

            /** Batch subjects */
            subjects?: (string[]|null);

            /** Batch delta */
            delta?: (Uint8Array|null);

            /** Batch finalDelta */
            finalDelta?: (Uint8Array|null);

            /** Batch deltaReset */
            deltaReset?: (boolean|null);
        }

        /** Represents a Batch. */
        class Batch implements IBatch {

            /**
             * Constructs a new Batch.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IBatch);

            /** Batch envSet. */
            public envSet: number;

            /** Batch count. */
            public count: number;

            /** Batch planes. */
            public planes: Uint8Array;

            /** Batch entities. */
            public entities: Uint8Array;

            /** Batch globals. */
            public globals: Uint8Array;

            /** Batch masks. */
            public masks: Uint8Array;

            /** Batch rewards. */
            public rewards: Uint8Array;

            /** Batch terminated. */
            public terminated: Uint8Array;

            /** Batch truncated. */
            public truncated: Uint8Array;

            /** Batch player. */
            public player: Uint8Array;

            /** Batch actor. */
            public actor: Uint8Array;

            /** Batch legalCount. */
            public legalCount: Uint8Array;

            /** Batch decisionKind. */
            public decisionKind: Uint8Array;

            /** Batch decisions. */
            public decisions: Uint8Array;

            /** Batch finalEnvs. */
            public finalEnvs: number[];

            /** Batch finalPlanes. */
            public finalPlanes: Uint8Array;

            /** Batch finalEntities. */
            public finalEntities: Uint8Array;

            /** Batch finalGlobals. */
            public finalGlobals: Uint8Array;

            /** Batch finalMasks. */
            public finalMasks: Uint8Array;

            /** Batch episodeReturn. */
            public episodeReturn: Uint8Array;

            /** Batch episodeDecisions. */
            public episodeDecisions: Uint8Array;

            /** Batch winner. */
            public winner: Uint8Array;

            /** Batch events. */
            public events: tercio.v1.IEnvEvents[];

            /** Batch skipped. */
            public skipped: Uint8Array;

            /** Batch planesIndex. */
            public planesIndex: Uint8Array;

            /** Batch planesValue. */
            public planesValue: Uint8Array;

            /** Batch opponentActions. */
            public opponentActions: tercio.v1.IOpponentActions[];

            /** Batch subjects. */
            public subjects: string[];

            /** Batch delta. */
            public delta: Uint8Array;

            /** Batch finalDelta. */
            public finalDelta: Uint8Array;

            /** Batch deltaReset. */
            public deltaReset: boolean;

            /**
             * Creates a new Batch instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Batch instance
             */
            public static create(properties?: tercio.v1.IBatch): tercio.v1.Batch;

            /**
             * Encodes the specified Batch message. Does not implicitly {@link tercio.v1.Batch.verify|verify} messages.
             * @param message Batch message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IBatch, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Batch message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Batch
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Batch;

            /**
             * Verifies a Batch message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Batch message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Batch
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Batch;

            /**
             * Creates a plain object from a Batch message. Also converts values to other types if specified.
             * @param message Batch
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Batch, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Batch to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a CloseEnvs. */
        interface ICloseEnvs {

            /** CloseEnvs envSet */
            envSet?: (number|null);
        }

        /** Represents a CloseEnvs. */
        class CloseEnvs implements ICloseEnvs {

            /**
             * Constructs a new CloseEnvs.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.ICloseEnvs);

            /** CloseEnvs envSet. */
            public envSet: number;

            /**
             * Creates a new CloseEnvs instance using the specified properties.
             * @param [properties] Properties to set
             * @returns CloseEnvs instance
             */
            public static create(properties?: tercio.v1.ICloseEnvs): tercio.v1.CloseEnvs;

            /**
             * Encodes the specified CloseEnvs message. Does not implicitly {@link tercio.v1.CloseEnvs.verify|verify} messages.
             * @param message CloseEnvs message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.ICloseEnvs, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a CloseEnvs message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns CloseEnvs
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.CloseEnvs;

            /**
             * Verifies a CloseEnvs message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a CloseEnvs message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns CloseEnvs
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.CloseEnvs;

            /**
             * Creates a plain object from a CloseEnvs message. Also converts values to other types if specified.
             * @param message CloseEnvs
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.CloseEnvs, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this CloseEnvs to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a Closed. */
        interface IClosed {

            /** Closed envSet */
            envSet?: (number|null);
        }

        /** Represents a Closed. */
        class Closed implements IClosed {

            /**
             * Constructs a new Closed.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IClosed);

            /** Closed envSet. */
            public envSet: number;

            /**
             * Creates a new Closed instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Closed instance
             */
            public static create(properties?: tercio.v1.IClosed): tercio.v1.Closed;

            /**
             * Encodes the specified Closed message. Does not implicitly {@link tercio.v1.Closed.verify|verify} messages.
             * @param message Closed message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IClosed, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Closed message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Closed
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Closed;

            /**
             * Verifies a Closed message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Closed message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Closed
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Closed;

            /**
             * Creates a plain object from a Closed message. Also converts values to other types if specified.
             * @param message Closed
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Closed, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Closed to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an Observe. */
        interface IObserve {

            /** Observe envSet */
            envSet?: (number|null);

            /** Observe envs */
            envs?: (number[]|null);

            /** Observe players */
            players?: (number[]|null);
        }

        /** Represents an Observe. */
        class Observe implements IObserve {

            /**
             * Constructs a new Observe.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IObserve);

            /** Observe envSet. */
            public envSet: number;

            /** Observe envs. */
            public envs: number[];

            /** Observe players. */
            public players: number[];

            /**
             * Creates a new Observe instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Observe instance
             */
            public static create(properties?: tercio.v1.IObserve): tercio.v1.Observe;

            /**
             * Encodes the specified Observe message. Does not implicitly {@link tercio.v1.Observe.verify|verify} messages.
             * @param message Observe message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IObserve, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Observe message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Observe
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Observe;

            /**
             * Verifies an Observe message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an Observe message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Observe
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Observe;

            /**
             * Creates a plain object from an Observe message. Also converts values to other types if specified.
             * @param message Observe
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Observe, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Observe to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an Observation. */
        interface IObservation {

            /** Observation envSet */
            envSet?: (number|null);

            /** Observation envs */
            envs?: (number[]|null);

            /** Observation players */
            players?: (number[]|null);

            /** Observation planes */
            planes?: (Uint8Array|null);

            /** Observation entities */
            entities?: (Uint8Array|null);

            /** Observation globals */
            globals?: (Uint8Array|null);

            /** Observation masks */
            masks?: (Uint8Array|null);
        }

        /** Represents an Observation. */
        class Observation implements IObservation {

            /**
             * Constructs a new Observation.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IObservation);

            /** Observation envSet. */
            public envSet: number;

            /** Observation envs. */
            public envs: number[];

            /** Observation players. */
            public players: number[];

            /** Observation planes. */
            public planes: Uint8Array;

            /** Observation entities. */
            public entities: Uint8Array;

            /** Observation globals. */
            public globals: Uint8Array;

            /** Observation masks. */
            public masks: Uint8Array;

            /**
             * Creates a new Observation instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Observation instance
             */
            public static create(properties?: tercio.v1.IObservation): tercio.v1.Observation;

            /**
             * Encodes the specified Observation message. Does not implicitly {@link tercio.v1.Observation.verify|verify} messages.
             * @param message Observation message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IObservation, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Observation message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Observation
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Observation;

            /**
             * Verifies an Observation message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an Observation message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Observation
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Observation;

            /**
             * Creates a plain object from an Observation message. Also converts values to other types if specified.
             * @param message Observation
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Observation, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Observation to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** FrameFormat enum. */
        enum FrameFormat {
            ASCII = 0,
            SVG = 1
        }

        /** Properties of a Render. */
        interface IRender {

            /** Render envSet */
            envSet?: (number|null);

            /** Render env */
            env?: (number|null);

            /** Render format */
            format?: (tercio.v1.FrameFormat|null);
        }

        /** Represents a Render. */
        class Render implements IRender {

            /**
             * Constructs a new Render.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IRender);

            /** Render envSet. */
            public envSet: number;

            /** Render env. */
            public env: number;

            /** Render format. */
            public format: tercio.v1.FrameFormat;

            /**
             * Creates a new Render instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Render instance
             */
            public static create(properties?: tercio.v1.IRender): tercio.v1.Render;

            /**
             * Encodes the specified Render message. Does not implicitly {@link tercio.v1.Render.verify|verify} messages.
             * @param message Render message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IRender, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Render message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Render
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Render;

            /**
             * Verifies a Render message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Render message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Render
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Render;

            /**
             * Creates a plain object from a Render message. Also converts values to other types if specified.
             * @param message Render
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Render, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Render to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of a Frame. */
        interface IFrame {

            /** Frame envSet */
            envSet?: (number|null);

            /** Frame env */
            env?: (number|null);

            /** Frame format */
            format?: (tercio.v1.FrameFormat|null);

            /** Frame text */
            text?: (string|null);
        }

        /** Represents a Frame. */
        class Frame implements IFrame {

            /**
             * Constructs a new Frame.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IFrame);

            /** Frame envSet. */
            public envSet: number;

            /** Frame env. */
            public env: number;

            /** Frame format. */
            public format: tercio.v1.FrameFormat;

            /** Frame text. */
            public text: string;

            /**
             * Creates a new Frame instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Frame instance
             */
            public static create(properties?: tercio.v1.IFrame): tercio.v1.Frame;

            /**
             * Encodes the specified Frame message. Does not implicitly {@link tercio.v1.Frame.verify|verify} messages.
             * @param message Frame message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IFrame, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Frame message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Frame
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Frame;

            /**
             * Verifies a Frame message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Frame message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Frame
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Frame;

            /**
             * Creates a plain object from a Frame message. Also converts values to other types if specified.
             * @param message Frame
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Frame, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Frame to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }

        /** Properties of an Error. */
        interface IError {

            /** Error code */
            code?: (string|null);

            /** Error message */
            message?: (string|null);

            /** Error requestId */
            requestId?: (number|null);

            /** Error env */
            env?: (number|null);
        }

        /** Represents an Error. */
        class Error implements IError {

            /**
             * Constructs a new Error.
             * @param [properties] Properties to set
             */
            constructor(properties?: tercio.v1.IError);

            /** Error code. */
            public code: string;

            /** Error message. */
            public message: string;

            /** Error requestId. */
            public requestId: number;

            /** Error env. */
            public env?: (number|null);

            /**
             * Creates a new Error instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Error instance
             */
            public static create(properties?: tercio.v1.IError): tercio.v1.Error;

            /**
             * Encodes the specified Error message. Does not implicitly {@link tercio.v1.Error.verify|verify} messages.
             * @param message Error message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            public static encode(message: tercio.v1.IError, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Error message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns Error
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            public static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): tercio.v1.Error;

            /**
             * Verifies an Error message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            public static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates an Error message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Error
             */
            public static fromObject(object: { [k: string]: any }): tercio.v1.Error;

            /**
             * Creates a plain object from an Error message. Also converts values to other types if specified.
             * @param message Error
             * @param [options] Conversion options
             * @returns Plain object
             */
            public static toObject(message: tercio.v1.Error, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Error to JSON.
             * @returns JSON object
             */
            public toJSON(): { [k: string]: any };
        }
    }
}
